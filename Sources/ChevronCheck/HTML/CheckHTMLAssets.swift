/// The HTML report's style sheet and script, inline in the page: the page loads nothing else but
/// its pictures (its Content-Security-Policy forbids anything else). Neither holds any text of a
/// catalogue: the script reads the rows from the page's elements.
enum CheckHTMLAssets {
    static let style = """
        :root { color-scheme: light; --ink: #1f2328; --quiet: #59636e; --line: #d1d9e0; --paper: #ffffff;
          --tint: #f6f8fa; --accent: #0969da; --warn: #9a6700; --bad: #cf222e; }
        * { box-sizing: border-box; }
        body { margin: 0 auto; max-width: 72rem; padding: 1rem 1.25rem 3rem; color: var(--ink);
          background: var(--paper); font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
        h1 { font-size: 1.5rem; margin: 0.5rem 0; }
        h2 { font-size: 1.15rem; margin: 1.5rem 0 0.5rem; }
        a { color: var(--accent); }
        a:focus-visible, select:focus-visible, input:focus-visible, button:focus-visible, summary:focus-visible,
        [tabindex]:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        .skip { position: absolute; left: -999px; }
        .skip:focus { left: 1rem; top: 0.5rem; background: var(--paper); padding: 0.25rem 0.5rem; }
        .lead { color: var(--quiet); margin: 0.25rem 0; }
        table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
        caption { text-align: left; color: var(--quiet); padding: 0 0 0.4rem; }
        th, td { border-bottom: 1px solid var(--line); padding: 0.2rem 0.6rem; }
        th { text-align: left; font-weight: 600; }
        td.n { text-align: right; }
        td.zero { color: var(--quiet); }
        .table-wrap { overflow-x: auto; }
        form#filters { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: end; position: sticky; top: 0;
          background: var(--paper); padding: 0.6rem 0; border-bottom: 1px solid var(--line); z-index: 1; }
        form#filters label { display: flex; flex-direction: column; font-size: 0.85rem; color: var(--quiet); }
        select, input, button { font: inherit; color: inherit; padding: 0.2rem 0.4rem; }
        #shown { margin: 0.5rem 0; font-weight: 600; }
        ol#titles { list-style: none; margin: 0; padding: 0; }
        li.entry { border-bottom: 1px solid var(--line); padding: 0.75rem 0; }
        .head { display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; align-items: baseline; }
        .key { font: 600 0.95rem ui-monospace, "DejaVu Sans Mono", monospace; }
        .lang { font: 0.8rem ui-monospace, monospace; background: var(--tint); border: 1px solid var(--line);
          border-radius: 4px; padding: 0 0.3rem; }
        .place { color: var(--quiet); font-size: 0.85rem; }
        .full { font-size: 1.1rem; margin: 0.3rem 0; }
        .written { color: var(--quiet); font-size: 0.85rem; margin: 0.2rem 0; }
        .ctl { font: 0.7rem ui-monospace, monospace; color: var(--bad); border: 1px solid currentColor;
          border-radius: 3px; padding: 0 0.15rem; margin: 0 0.1rem; unicode-bidi: isolate; }
        .cells { display: flex; flex-wrap: wrap; gap: 0.75rem 1.25rem; margin-top: 0.4rem; }
        figure.cell { margin: 0; min-width: 10rem; }
        figcaption { font-size: 0.85rem; margin-bottom: 0.25rem; }
        .look { font-weight: 600; }
        .kind { font-size: 0.75rem; border-radius: 9px; padding: 0 0.45rem; margin-left: 0.25rem;
          background: #fff1d6; color: var(--warn); white-space: nowrap; }
        .kind.k-missing-glyphs, .kind.k-title-error, .kind.k-over-own-limit, .kind.k-over-length {
          background: #ffe4e6; color: var(--bad); }
        .kind.accepted { background: var(--tint); color: var(--quiet); }
        .button { display: inline-block; padding: 6px 8px; border-radius: 4px; line-height: 0; }
        .button img { display: block; }
        .meter { position: relative; height: 6px; background: var(--tint); border: 1px solid var(--line);
          border-radius: 3px; margin: 0.35rem 0 0.15rem; max-width: 16rem; }
        .meter .fit { position: absolute; left: 0; top: 0; bottom: 0; background: var(--accent); }
        .meter .over { position: absolute; top: 0; bottom: 0; background: var(--bad); }
        .meter .limit { position: absolute; top: -3px; bottom: -3px; width: 2px; background: var(--ink); }
        .numbers { font-size: 0.8rem; color: var(--quiet); margin: 0; font-variant-numeric: tabular-nums; }
        .stand-in { line-height: 1.4; font-size: 0.85rem; border: 1px dashed var(--quiet); }
        .stand-in .shown { background: var(--paper); padding: 0 0.3rem; }
        .error { color: var(--bad); font-size: 0.85rem; max-width: 40rem; overflow-wrap: anywhere; }
        details { margin: 1rem 0; }
        summary { cursor: pointer; }
        footer { margin-top: 2rem; color: var(--quiet); font-size: 0.8rem; }
        [hidden] { display: none !important; }
        """

    /// The list and its filters. The rows come from the page's JSON data (`report-data`); the
    /// titles that match the filters are listed a page at a time (the data's `page`, or the
    /// fragment's `page=N`), each element made with `textContent` and `setAttribute`, never from
    /// markup. The filters live in the address's fragment (`#language=de&look=classic&problem=
    /// truncated`), which the summary's counts link to.
    static let script = """
        (function () {
          'use strict';
          var list = document.getElementById('titles');
          var form = document.getElementById('filters');
          var source = document.getElementById('report-data');
          if (!list || !form || !source) return;
          var data = JSON.parse(source.textContent);
          var controls = {
            language: document.getElementById('f-language'),
            look: document.getElementById('f-look'),
            problem: document.getElementById('f-problem'),
            text: document.getElementById('f-text'),
            order: document.getElementById('f-order')
          };
          var status = document.getElementById('shown');
          var moreButton = document.getElementById('more');
          var titles = data.titles;
          var buttons = 0;
          for (var i = 0; i < titles.length; i++) {
            titles[i].order = i;
            titles[i].search = (titles[i].k + '\\n' + titles[i].t).toLowerCase();
            buttons += titles[i].c.length;
          }
          var pageSize = data.page;
          var matching = [];
          var matchingButtons = 0;
          var listed = 0;

          function element(name, className, text) {
            var made = document.createElement(name);
            if (className) made.className = className;
            if (text !== undefined) made.textContent = text;
            return made;
          }

          // Text as the catalogue holds it; a marked run ([label, title]) is a visible mark.
          function append(parent, text, marked) {
            if (!marked) {
              parent.appendChild(document.createTextNode(text));
              return parent;
            }
            for (var i = 0; i < marked.length; i++) {
              var part = marked[i];
              if (typeof part === 'string') {
                parent.appendChild(document.createTextNode(part));
              } else {
                var mark = element('span', 'ctl', part[0]);
                mark.title = part[1];
                parent.appendChild(mark);
              }
            }
            return parent;
          }

          function cellElement(title, cell) {
            var figure = element('figure', 'cell');
            var look = [cell.o].concat(cell.m || []).map(function (o) { return data.looks[o]; }).join(', ');
            figure.setAttribute('data-row', cell.r);
            figure.setAttribute('data-look', look);
            figure.setAttribute('data-problems', cell.p.join(' '));
            figure.setAttribute('data-overflow', cell.x || 0);
            var caption = element('figcaption');
            caption.appendChild(element('span', 'look', look));
            for (var i = 0; i < cell.p.length; i++) {
              var accepted = cell.a && cell.a.indexOf(cell.p[i]) >= 0;
              caption.appendChild(element('span', 'kind k-' + cell.p[i] + (accepted ? ' accepted' : ''),
                (data.kinds[cell.p[i]] || cell.p[i]) + (accepted ? ' (in the baseline)' : '')));
            }
            if (cell.p.length === 0) caption.appendChild(element('span', 'kind accepted', 'shows whole'));
            figure.appendChild(caption);
            if (cell.e !== undefined) {
              figure.appendChild(element('p', 'error', cell.e));
              return figure;
            }
            var button = element('span', 'button b' + cell.o);
            if (cell.i !== undefined) {
              var picture = data.pictures[cell.i];
              var image = element('img');
              image.src = picture[0];
              image.width = picture[1];
              image.height = picture[2];
              image.alt = picture[3];
              image.setAttribute('data-width', picture[1]);
              image.setAttribute('data-height', picture[2]);
              image.loading = 'lazy';
              image.decoding = 'async';
              button.appendChild(image);
            } else {
              button.className += ' stand-in';
              button.appendChild(element('span', 'shown', cell.v));
              button.title = cell.q;
            }
            figure.appendChild(button);
            if (cell.b) {
              var meter = element('div', 'meter');
              meter.setAttribute('aria-hidden', 'true');
              var fit = element('span', 'fit');
              fit.style.width = cell.b[0] + '%';
              meter.appendChild(fit);
              if (cell.b[2] > 0) {
                var over = element('span', 'over');
                over.style.left = cell.b[1] + '%';
                over.style.width = cell.b[2] + '%';
                meter.appendChild(over);
              }
              var limit = element('span', 'limit');
              limit.style.left = cell.b[1] + '%';
              meter.appendChild(limit);
              figure.appendChild(meter);
            }
            if (cell.s) figure.appendChild(element('p', 'numbers', cell.s));
            if (cell.i === undefined) figure.appendChild(element('p', 'numbers', cell.q));
            return figure;
          }

          function titleElement(match) {
            var title = match.title;
            var item = element('li', 'entry');
            item.setAttribute('data-language', title.g);
            var head = element('div', 'head');
            var key = append(element('code', 'key'), title.k, title.km);
            key.dir = 'auto';
            head.appendChild(key);
            head.appendChild(element('span', 'lang', title.g === '-' ? 'no language' : title.g));
            var place = element(title.u ? 'a' : 'span', 'place');
            if (title.u) place.href = title.u;
            var where = element('span', null, title.f + ':' + title.l);
            where.dir = 'ltr';
            place.appendChild(where);
            head.appendChild(place);
            item.appendChild(head);
            var full = append(element('p', 'full'), title.t, title.tm);
            if (title.g !== '-') full.lang = title.g;
            full.dir = 'auto';
            item.appendChild(full);
            if (title.w !== undefined) {
              var written = element('p', 'written', 'As written: ');
              var text = append(element('span'), title.w, title.wm);
              if (title.g !== '-') text.lang = title.g;
              text.dir = 'auto';
              written.appendChild(text);
              item.appendChild(written);
            }
            var cells = element('div', 'cells');
            for (var i = 0; i < match.cells.length; i++) cells.appendChild(cellElement(title, match.cells[i]));
            item.appendChild(cells);
            return item;
          }

          function matches(cell, look, problem) {
            if (look !== '*' && [cell.o].concat(cell.m || []).every(function (o) { return data.looks[o] !== look; }))
              return false;
            if (problem === '*') return true;
            if (problem === 'new') return cell.n === 1;
            return cell.p.indexOf(problem) >= 0;
          }

          function show(count) {
            var end = Math.min(matching.length, listed + count);
            var fragment = document.createDocumentFragment();
            for (var i = listed; i < end; i++) fragment.appendChild(titleElement(matching[i]));
            list.appendChild(fragment);
            listed = end;
            moreButton.hidden = listed >= matching.length;
            moreButton.textContent = 'Show ' + Math.min(pageSize, matching.length - listed) + ' more titles';
            list.setAttribute('data-matching-titles', matching.length);
            list.setAttribute('data-matching-buttons', matchingButtons);
            status.textContent = 'Showing ' + listed + ' of ' + matching.length + ' matching titles (' +
              matchingButtons + ' of ' + buttons + ' buttons); ' + titles.length + ' titles in all.';
          }

          function apply() {
            var language = controls.language.value;
            var look = controls.look.value;
            var problem = controls.problem.value;
            var text = controls.text.value.trim().toLowerCase();
            matching = [];
            matchingButtons = 0;
            for (var i = 0; i < titles.length; i++) {
              var title = titles[i];
              if (language !== '*' && title.g !== language) continue;
              if (text !== '' && title.search.indexOf(text) < 0) continue;
              var cells = [];
              var overflow = 0;
              var drawn = false;
              for (var j = 0; j < title.c.length; j++) {
                var cell = title.c[j];
                if (!matches(cell, look, problem)) continue;
                cells.push(cell);
                if ((cell.x || 0) > overflow) overflow = cell.x || 0;
                if (cell.i !== undefined) drawn = true;
              }
              if (cells.length === 0) continue;
              matching.push({title: title, cells: cells, overflow: overflow, drawn: drawn});
              matchingButtons += cells.length;
            }
            // The default: titles with a button drawn first, then the widest overflow first.
            if (controls.order.value === 'worst') {
              matching.sort(function (a, b) {
                return (b.drawn - a.drawn) || (b.overflow - a.overflow) || (a.title.order - b.title.order);
              });
            } else if (controls.order.value === 'overflow') {
              matching.sort(function (a, b) { return (b.overflow - a.overflow) || (a.title.order - b.title.order); });
            }
            list.textContent = '';
            listed = 0;
            show(pageSize);
          }

          function select(control, value) {
            control.value = value;
            if (control.value !== value) control.value = control.options[0].value;
          }

          function read(fragment) {
            var values = {};
            fragment.replace(/^#/, '').split('&').forEach(function (part) {
              var equals = part.indexOf('=');
              if (equals <= 0) return;
              try {
                values[part.slice(0, equals)] = decodeURIComponent(part.slice(equals + 1).replace(/\\+/g, ' '));
              } catch (error) { /* a malformed value is left out */ }
            });
            select(controls.language, values.language || '*');
            select(controls.look, values.look || '*');
            select(controls.problem, values.problem || '*');
            controls.text.value = values.text || '';
            select(controls.order, values.order || 'worst');
            var size = parseInt(values.page, 10);
            if (size > 0) pageSize = size;
          }

          function remember() {
            var parts = [];
            ['language', 'look', 'problem'].forEach(function (name) {
              if (controls[name].value !== '*') parts.push(name + '=' + encodeURIComponent(controls[name].value));
            });
            if (controls.text.value !== '') parts.push('text=' + encodeURIComponent(controls.text.value));
            if (controls.order.value !== 'worst') parts.push('order=' + encodeURIComponent(controls.order.value));
            if (pageSize !== data.page) parts.push('page=' + pageSize);
            try {
              history.replaceState(null, '', parts.length ? '#' + parts.join('&') : location.pathname + location.search);
            } catch (error) { /* a browser may refuse it for a file: page; the filters still work */ }
          }

          function changed() {
            apply();
            remember();
          }

          form.addEventListener('submit', function (event) { event.preventDefault(); });
          form.addEventListener('change', changed);
          controls.text.addEventListener('input', changed);
          moreButton.addEventListener('click', function () { show(pageSize); });
          document.getElementById('f-reset').addEventListener('click', function () {
            read('');
            changed();
          });
          document.addEventListener('click', function (event) {
            var link = event.target.closest ? event.target.closest('a.filter') : null;
            if (!link) return;
            event.preventDefault();
            read(link.getAttribute('href'));
            changed();
            document.getElementById('list-heading').focus();
          });
          window.addEventListener('hashchange', function () {
            read(location.hash);
            apply();
          });
          if (location.hash.length > 1) read(location.hash);
          apply();
        })();
        """
}
