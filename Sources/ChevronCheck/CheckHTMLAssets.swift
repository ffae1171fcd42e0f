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
        .error { color: var(--bad); font-size: 0.85rem; max-width: 40rem; overflow-wrap: anywhere; }
        details { margin: 1rem 0; }
        summary { cursor: pointer; }
        footer { margin-top: 2rem; color: var(--quiet); font-size: 0.8rem; }
        [hidden] { display: none !important; }
        """

    /// The filters: the rows are read once from the list's elements; a change hides what does
    /// not match (touching only what changes) and, sorted by overflow, orders what shows. The
    /// filters live in the address's fragment (`#language=de&look=classic&problem=truncated`),
    /// which the summary's counts link to.
    static let script = """
        (function () {
          'use strict';
          var list = document.getElementById('titles');
          var form = document.getElementById('filters');
          if (!list || !form) return;
          var controls = {
            language: document.getElementById('f-language'),
            look: document.getElementById('f-look'),
            problem: document.getElementById('f-problem'),
            text: document.getElementById('f-text'),
            order: document.getElementById('f-order')
          };
          var status = document.getElementById('shown');
          var total = 0;
          var entries = [];
          var items = list.children;
          for (var i = 0; i < items.length; i++) {
            var item = items[i];
            var cells = [];
            var nodes = item.getElementsByTagName('figure');
            for (var j = 0; j < nodes.length; j++) {
              var node = nodes[j];
              cells.push({
                node: node,
                look: node.getAttribute('data-look'),
                problems: (node.getAttribute('data-problems') || '').split(' '),
                isNew: node.hasAttribute('data-new'),
                overflow: parseFloat(node.getAttribute('data-overflow')) || 0,
                hidden: node.hidden
              });
            }
            var key = item.querySelector('.key');
            var title = item.querySelector('.full');
            entries.push({
              node: item,
              order: i,
              language: item.getAttribute('data-language'),
              text: ((key ? key.textContent : '') + '\\n' + (title ? title.textContent : '')).toLowerCase(),
              cells: cells,
              hidden: item.hidden,
              overflow: 0
            });
            total += cells.length;
          }
          var ordered = 'file';

          function matches(cell, look, problem) {
            if (look !== '*' && cell.look !== look) return false;
            if (problem === '*') return true;
            if (problem === 'new') return cell.isNew;
            return cell.problems.indexOf(problem) >= 0;
          }

          function order() {
            var wanted = controls.order.value;
            if (wanted === 'file' && ordered === 'file') return;
            var sorted = entries.slice();
            if (wanted === 'overflow') {
              sorted.sort(function (a, b) { return (b.overflow - a.overflow) || (a.order - b.order); });
            }
            var fragment = document.createDocumentFragment();
            for (var i = 0; i < sorted.length; i++) fragment.appendChild(sorted[i].node);
            list.appendChild(fragment);
            ordered = wanted;
          }

          function apply() {
            var language = controls.language.value;
            var look = controls.look.value;
            var problem = controls.problem.value;
            var text = controls.text.value.trim().toLowerCase();
            var titles = 0;
            var buttons = 0;
            for (var i = 0; i < entries.length; i++) {
              var entry = entries[i];
              var visible = (language === '*' || entry.language === language) &&
                (text === '' || entry.text.indexOf(text) >= 0);
              var shown = 0;
              var overflow = 0;
              if (visible) {
                for (var j = 0; j < entry.cells.length; j++) {
                  var cell = entry.cells[j];
                  var on = matches(cell, look, problem);
                  if (on) {
                    shown++;
                    if (cell.overflow > overflow) overflow = cell.overflow;
                  }
                  if (cell.hidden === on) {
                    cell.hidden = !on;
                    cell.node.hidden = !on;
                  }
                }
              }
              entry.overflow = overflow;
              visible = visible && shown > 0;
              if (entry.hidden === visible) {
                entry.hidden = !visible;
                entry.node.hidden = !visible;
              }
              if (visible) {
                titles++;
                buttons += shown;
              }
            }
            order();
            status.textContent = 'Showing ' + titles + ' of ' + entries.length + ' titles (' + buttons + ' of ' +
              total + ' buttons).';
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
            select(controls.order, values.order || 'file');
          }

          function remember() {
            var parts = [];
            ['language', 'look', 'problem'].forEach(function (name) {
              if (controls[name].value !== '*') parts.push(name + '=' + encodeURIComponent(controls[name].value));
            });
            if (controls.text.value !== '') parts.push('text=' + encodeURIComponent(controls.text.value));
            if (controls.order.value !== 'file') parts.push('order=' + encodeURIComponent(controls.order.value));
            try {
              history.replaceState(null, '', parts.length ? '#' + parts.join('&') : location.pathname + location.search);
            } catch (error) { /* some browsers refuse it for file: pages; the filters still work */ }
          }

          function changed() {
            apply();
            remember();
          }

          form.addEventListener('submit', function (event) { event.preventDefault(); });
          form.addEventListener('change', changed);
          controls.text.addEventListener('input', changed);
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
