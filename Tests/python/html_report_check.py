#!/usr/bin/env python3
"""The HTML report of `chevron check` in a real browser: Debian's chromium, headless, driven
through its chromedriver by PyPI's selenium (both installed by scripts/install-deps.sh).

Check mode (the test HTMLReportBrowserTests runs it):

    html_report_check.py --page DIR/index.html --json run.json --looks looks.json --screenshot OUT.png \
        --chevron BIN [--all] [--text TEXT ...]

reads the same run's JSON report (`--output json=run.json`) and `chevron looks --json`, works
out from them what the page must list, and compares: the titles and buttons listed before and
after each filter, each picture's natural size and alternative text (against `chevron size
--scale 2` of the row's request, asked apart), the title's direction, the labels of the
controls, keyboard use, and that the page logged no console message and asked for nothing but
its own file and pictures. It prints one JSON object: {"failures": [...], "checked":
{...}, "screenshot": PATH}; it exits 0 when it could run the browser at all.

Timing mode:

    html_report_check.py --timing DIR/index.html

prints Chromium's own figures for the page as JSON: its navigation timing (DOM content loaded,
load event) and, for a few filter changes, the time from the change to the list laid out
(`performance.now()` around the change and a forced layout) and to the next frame.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
import unicodedata
import urllib.parse

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select
except ImportError:
    sys.exit("selenium is not installed for this python3 (scripts/install-deps.sh installs selenium==4.27.1)")


def browser(width=1280, height=1600):
    """Headless Chromium as root needs these flags: no sandbox, no GPU, no /dev/shm."""
    chromium = shutil.which("chromium")
    driver_path = shutil.which("chromedriver")
    if not chromium or not driver_path:
        sys.exit("chromium and chromium-driver are not installed (scripts/install-deps.sh installs them)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--window-size={width},{height}", "--lang=en-US", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    return webdriver.Chrome(service=Service(driver_path), options=options)


def open_page(driver, page):
    driver.get("file://" + os.path.abspath(page))
    for _ in range(200):
        if driver.execute_script("return document.readyState") == "complete":
            return
        time.sleep(0.05)


def problems_of(row):
    """A row's problems from its JSON fields, as docs/check.md defines them."""
    if row.get("fileError"):
        return {"file-error"}
    if row.get("error") is not None:
        return {"title-error"}
    found = set()
    if row["truncated"] or row["titleSource"] != "title":
        if row["ownLimit"]:
            found.add("over-own-limit")
        elif row["titleSource"] != "title":
            found.add("fell-back")
        elif row["lineBreak"]:
            found.add("line-break")
        else:
            found.add("truncated")
    if row["missingGlyphs"] > 0:
        found.add("missing-glyphs")
    if any(limit["over"] for limit in row.get("lengthLimits", [])):
        found.add("over-length")
    if row.get("nearLimit"):
        found.add("near-limit")
    return found


def labels_of(rows):
    """Each row's look as the page names it: the look, and its device when a look was measured
    on several (docs/check.md, "What it answers")."""
    devices = {}
    for row in rows:
        if row.get("device") is not None:
            devices.setdefault(row["look"], set()).add(row["device"])
    return [row["look"] + "@" + row["device"] if len(devices.get(row["look"], ())) > 1 else row.get("look", "")
            for row in rows]


def shows_the_same(a, b):
    """Whether two rows of a title show the same, as docs/check.md says looks that share a line do:
    the same width, limit and text (and so the same problems)."""
    fields = ["width", "maxWidth", "displayedTitle", "titleSource", "truncated", "missingGlyphs", "ownLimit",
              "nearLimit", "neededWidth", "overBy", "error", "lineBreak", "inBaseline", "lengthLimits"]
    return all(a.get(field) == b.get(field) for field in fields)


def expected_entries(rows, list_all):
    """The titles the page lists: the rows of one title (one per look) together, in order; each
    listed as cells, the looks of a title that show the same in one."""
    labels = labels_of(rows)
    groups = []
    current = None
    for index, row in enumerate(rows):
        if row.get("fileError"):
            continue
        identity = (row["file"], row["line"], row["key"], row["language"], row["title"])
        if current is None or current["identity"] != identity or labels[index] in current["looks"]:
            current = {"identity": identity, "looks": set(), "rows": [], "language": row["language"] or "-",
                       "text": (row["key"] + "\n" + row["title"]).lower()}
            groups.append(current)
        current["looks"].add(labels[index])
        current["rows"].append(index)
    for group in groups:
        cells = []
        for index in group["rows"]:
            if not (list_all or problems_of(rows[index])):
                continue
            for cell in cells:
                if shows_the_same(rows[cell[0]], rows[index]):
                    cell.append(index)
                    break
            else:
                cells.append([index])
        group["cells"] = cells
        group["listed"] = [cell[0] for cell in cells]
    return [group for group in groups if group["listed"]]


def predict(entries, rows, language, look, problem, text):
    """How many titles and buttons show under the filters."""
    titles = buttons = 0
    labels = labels_of(rows)
    for entry in entries:
        if language != "*" and entry["language"] != language:
            continue
        if text and text.lower() not in entry["text"]:
            continue
        shown = 0
        for cell in entry["cells"]:
            row = rows[cell[0]]
            if look != "*" and all(labels[index] != look for index in cell):
                continue
            found = problems_of(row)
            if problem == "new":
                if not found - set(row.get("inBaseline", [])):
                    continue
            elif problem != "*" and problem not in found:
                continue
            shown += 1
        if shown:
            titles += 1
            buttons += shown
    return titles, buttons


def size_at_2x(chevron, title, look, language, max_width):
    """`chevron size --scale 2` of a row's request: the layout a 2x screen shows."""
    command = [chevron, "size", "--local", "--json", "--scale", "2", "--look", look]
    if language:
        command += ["--language", language]
    if max_width is not None:
        command += ["--max-width", str(max_width)]
    result = subprocess.run(command + ["--", title], capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


COUNT_SHOWN = """
var titles = 0, buttons = 0;
document.querySelectorAll('#titles > li').forEach(function (li) {
  if (li.hidden) return;
  titles++;
  li.querySelectorAll('figure.cell').forEach(function (cell) { if (!cell.hidden) buttons++; });
});
return [titles, buttons];
"""


def check(arguments):
    failures = []
    checked = {}

    def expect(condition, message):
        if not condition:
            failures.append(message)

    report = json.load(open(arguments.json))
    rows = report["rows"]
    heights = {look["name"]: look["height"] for look in json.load(open(arguments.looks))}
    entries = expected_entries(rows, arguments.all)
    page_folder = os.path.dirname(os.path.abspath(arguments.page))

    driver = browser()
    try:
        open_page(driver, arguments.page)
        # Lazy pictures load as they scroll into view; every one is asked for now.
        driver.execute_script("document.querySelectorAll('img').forEach(function (i) { i.loading = 'eager'; });")
        deadline = time.time() + 30
        while time.time() < deadline and not driver.execute_script(
                "return Array.from(document.images).every(function (i) { return i.complete; })"):
            time.sleep(0.1)

        # Nothing in the console: no script error, no refused resource, no policy violation.
        messages = driver.get_log("browser")
        expect(messages == [], f"console messages: {messages}")
        checked["consoleMessages"] = len(messages)

        # No request but the page and its own pictures (data: URIs for a self-contained page).
        page_url = "file://" + urllib.parse.quote(os.path.abspath(arguments.page))
        requested = []
        for entry in driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message["method"] == "Network.requestWillBeSent":
                requested.append(message["params"]["request"]["url"])
        for url in requested:
            if url.startswith("data:"):
                continue
            parsed = urllib.parse.urlparse(url)
            path = urllib.parse.unquote(parsed.path)
            allowed = parsed.scheme == "file" and (
                url.split("#")[0] == page_url or
                (os.path.dirname(path) == os.path.join(page_folder, "buttons") and path.endswith(".png")))
            expect(allowed, f"a request for {url}")
        checked["requests"] = len(requested)

        # The titles and buttons listed are those the JSON report predicts.
        cells = driver.execute_script(
            "return Array.from(document.querySelectorAll('figure.cell')).map(function (c) {"
            " return parseInt(c.getAttribute('data-row'), 10); });")
        # In the default order: titles with a button drawn first (which ones are, the page's
        # pictures say), then the largest overflow of their buttons (the JSON report's overBy),
        # then the files' order.
        def default_order(position_and_entry):
            position, entry = position_and_entry
            drawn = any(rows[index].get("error") is None for index in entry["listed"])
            overflow = max(rows[index].get("overBy") or 0 for index in entry["listed"])
            return (0 if drawn else 1, -overflow, position)

        ordered = [entry for _, entry in sorted(enumerate(entries), key=default_order)]
        expected_cells = [index for entry in ordered for index in entry["listed"]]
        expect(cells == expected_cells, f"buttons listed {cells}, predicted {expected_cells}")
        shown = driver.execute_script(COUNT_SHOWN)
        predicted = predict(entries, rows, "*", "*", "*", "")
        expect(shown == list(predicted), f"before any filter: {shown} shown, {predicted} predicted")
        checked["titles"] = predicted[0]
        checked["buttons"] = predicted[1]

        # A page at a time: with two titles a page (the fragment's page=2), "Show more" lists two
        # more each time, and the counts above the list stay those of every matching title.
        driver.get("file://" + os.path.abspath(arguments.page) + "#page=2")
        listed = []
        for _ in range((predicted[0] + 1) // 2):
            listed.append(driver.execute_script("return document.querySelectorAll('#titles > li').length;"))
            more = driver.find_element(By.ID, "more")
            if more.is_displayed():
                more.click()
        expected_pages = [min(predicted[0], 2 * (index + 1)) for index in range(len(listed))]
        expect(listed == expected_pages, f"two titles a page: {listed} listed, {expected_pages} expected")
        matching = driver.execute_script(
            "var list = document.getElementById('titles');"
            " return [parseInt(list.getAttribute('data-matching-titles'), 10),"
            " parseInt(list.getAttribute('data-matching-buttons'), 10)];")
        expect(matching == list(predicted), f"matching {matching}, predicted {predicted}")
        expect(not driver.find_element(By.ID, "more").is_displayed(), "Show more stays once every title is listed")
        checked["pages"] = len(listed)
        driver.get("file://" + os.path.abspath(arguments.page) + "#page=1000")

        # Each filter, alone and together, set as a user does: a select's option, typed text.
        language = Select(driver.find_element(By.ID, "f-language"))
        look = Select(driver.find_element(By.ID, "f-look"))
        problem = Select(driver.find_element(By.ID, "f-problem"))
        text = driver.find_element(By.ID, "f-text")
        languages = [option.get_attribute("value") for option in language.options]
        looks = [option.get_attribute("value") for option in look.options]
        kinds = [option.get_attribute("value") for option in problem.options]
        combinations = 0
        for language_value in languages:
            language.select_by_value(language_value)
            for look_value in looks:
                look.select_by_value(look_value)
                for kind in kinds:
                    problem.select_by_value(kind)
                    shown = driver.execute_script(COUNT_SHOWN)
                    predicted = predict(entries, rows, language_value, look_value, kind, "")
                    expect(shown == list(predicted),
                           f"language {language_value}, look {look_value}, problem {kind}: {shown} shown, "
                           f"{predicted} predicted")
                    combinations += 1
        language.select_by_value("*")
        look.select_by_value("*")
        problem.select_by_value("*")
        for typed in arguments.text:
            text.clear()
            text.send_keys(typed)
            shown = driver.execute_script(COUNT_SHOWN)
            predicted = predict(entries, rows, "*", "*", "*", typed)
            expect(shown == list(predicted), f"text {typed!r}: {shown} shown, {predicted} predicted")
            combinations += 1
        text.clear()
        text.send_keys(Keys.BACKSPACE)
        checked["filterCombinations"] = combinations
        checked["languages"] = len(languages) - 1

        # The summary's counts: each link shows as many titles as it counts (a problem's count is
        # of rows, one per title in a language and look).
        links = driver.execute_script(
            "return Array.from(document.querySelectorAll('#summary-heading ~ div a.filter')).map(function (a) {"
            " return [a.getAttribute('href'), parseInt(a.textContent, 10)]; });")
        followed = 0
        for href, count in links:
            values = dict(urllib.parse.parse_qsl(href[1:]))
            if "problem" not in values:
                continue
            driver.execute_script("document.querySelector('a.filter[href=\"' + arguments[0] + '\"]').click();", href)
            shown = driver.execute_script(COUNT_SHOWN)
            expect(shown[0] == count and shown[1] == count, f"summary link {href}: {count} counted, {shown} shown")
            predicted = predict(entries, rows, values["language"], values["look"], values["problem"], "")
            expect(shown == list(predicted), f"summary link {href}: {shown} shown, {predicted} predicted")
            followed += 1
        checked["summaryLinks"] = followed
        driver.find_element(By.ID, "f-reset").click()

        # From the keyboard alone: Tab reaches a summary count, Enter follows it, and the list
        # heading takes the focus.
        driver.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);")
        reached = None
        for _ in range(60):
            ActionChains(driver).send_keys(Keys.TAB).perform()
            active = driver.switch_to.active_element
            if active.get_attribute("class") == "filter" and "problem=" in (active.get_attribute("href") or ""):
                reached = active.get_attribute("href")
                break
        expect(reached is not None, "Tab never reached a summary count")
        if reached:
            count = int(driver.switch_to.active_element.text)
            ActionChains(driver).send_keys(Keys.ENTER).perform()
            shown = driver.execute_script(COUNT_SHOWN)
            expect(shown[0] == count, f"Enter on {reached}: {shown} shown, {count} counted")
            expect(driver.switch_to.active_element.get_attribute("id") == "list-heading",
                   "the list heading has not the focus after a count is followed")
        checked["keyboard"] = reached is not None
        driver.find_element(By.ID, "f-reset").click()

        # Sorted by overflow: the titles shown go from the largest overflow down.
        Select(driver.find_element(By.ID, "f-order")).select_by_value("overflow")
        overflows = driver.execute_script(
            "return Array.from(document.querySelectorAll('#titles > li')).filter(function (li) { return !li.hidden; })"
            ".map(function (li) { return Math.max.apply(null, Array.from(li.querySelectorAll('figure.cell'))"
            ".map(function (c) { return parseFloat(c.getAttribute('data-overflow')); })); });")
        expect(overflows == sorted(overflows, reverse=True), f"not in order of overflow: {overflows}")
        expect(any(value > 0 for value in overflows), "no title is over its limit: the order says nothing")
        Select(driver.find_element(By.ID, "f-order")).select_by_value("file")

        # Each picture: its natural size is the row's button at 2x, its text the title shown.
        pictures = driver.execute_script(
            "return Array.from(document.querySelectorAll('figure.cell img')).map(function (i) {"
            " return {row: parseInt(i.closest('figure').getAttribute('data-row'), 10), alt: i.getAttribute('alt'),"
            " naturalWidth: i.naturalWidth, naturalHeight: i.naturalHeight,"
            " width: parseFloat(i.getAttribute('data-width')), height: parseFloat(i.getAttribute('data-height'))}; });")
        asked = {}
        for picture in pictures:
            row = rows[picture["row"]]
            height = heights[row["look"]]
            where = f"row {picture['row']} ({row['key']}, {row['look']})"
            # The button at 2x, asked of chevron apart: the width snaps to half points there,
            # so it is the row's (a 1x measure) or half a point less.
            request = (row["title"], row["look"], row["language"], row["maxWidth"] if row["ownLimit"] else None)
            if request not in asked:
                asked[request] = size_at_2x(arguments.chevron, *request)
            layout = asked[request]
            expect(picture["width"] == layout["width"], f"{where}: data-width {picture['width']}, {layout['width']} at 2x")
            expect(row["width"] - picture["width"] in (0, 0.5),
                   f"{where}: data-width {picture['width']}, the row's width {row['width']} at 1x")
            expect(picture["height"] == height, f"{where}: data-height {picture['height']}, the look's {height}")
            expect(picture["naturalWidth"] == round(layout["width"] * 2),
                   f"{where}: {picture['naturalWidth']} px wide, the button is {layout['width']} pt at 2x")
            expect(picture["naturalHeight"] == round(height * 2),
                   f"{where}: {picture['naturalHeight']} px high, the look is {height} pt")
            shown_title = layout["displayedTitle"] or "(the chevron alone, no title)"
            expect(picture["alt"] == shown_title, f"{where}: alt {picture['alt']!r}, shown {shown_title!r}")
            expect(row["displayedTitle"] == layout["displayedTitle"],
                   f"{where}: shows {layout['displayedTitle']!r} at 2x and {row['displayedTitle']!r} at 1x")
        expected_pictures = [index for index in expected_cells if rows[index].get("error") is None]
        expect(sorted(picture["row"] for picture in pictures) == sorted(expected_pictures),
               "a listed row without its picture")
        checked["pictures"] = len(pictures)
        checked["pictureFiles"] = len(set(driver.execute_script(
            "return Array.from(document.images).map(function (i) { return i.getAttribute('src'); });")))

        # Each title in the direction of its own text's first strong character (Unicode's
        # bidirectional classes, by Python's unicodedata): Arabic right to left, German and
        # Japanese left to right, an English title in a Hebrew file left to right.
        directions = driver.execute_script(
            "return Array.from(document.querySelectorAll('#titles > li')).map(function (li) {"
            " var full = li.querySelector('.full');"
            " return [li.getAttribute('data-language'), full.textContent, getComputedStyle(full).direction]; });")
        for language_value, text, direction in directions:
            strong = next((unicodedata.bidirectional(c) for c in text if unicodedata.bidirectional(c) in
                           ("L", "R", "AL")), "L")
            wanted = "ltr" if strong == "L" else "rtl"
            expect(direction == wanted, f"a {language_value} title {text!r} is {direction}, not {wanted}")
        directions = [(language_value, direction) for language_value, _, direction in directions]
        checked["rightToLeftTitles"] = sum(1 for _, direction in directions if direction == "rtl")

        # Every picture has its text, every control a label.
        unlabelled = driver.execute_script(
            "return Array.from(document.querySelectorAll('input, select, textarea')).filter(function (c) {"
            " return !c.labels || c.labels.length === 0 || !c.labels[0].textContent.trim(); }).map(function (c) {"
            " return c.id || c.outerHTML; });")
        expect(unlabelled == [], f"controls without a label: {unlabelled}")
        empty = driver.execute_script(
            "return Array.from(document.images).filter(function (i) { return !i.getAttribute('alt'); }).length;")
        expect(empty == 0, f"{empty} pictures without alternative text")
        checked["controls"] = driver.execute_script("return document.querySelectorAll('input, select').length;")

        # The whole page, for the log.
        height = driver.execute_script("return document.documentElement.scrollHeight;")
        driver.set_window_size(1280, min(max(height, 800), 8000))
        os.makedirs(os.path.dirname(os.path.abspath(arguments.screenshot)), exist_ok=True)
        expect(driver.save_screenshot(arguments.screenshot), f"the screenshot {arguments.screenshot} was not written")
    finally:
        driver.quit()
    print(json.dumps({"failures": failures, "checked": checked, "screenshot": os.path.abspath(arguments.screenshot)},
                     indent=2))


def timing(page):
    driver = browser()
    try:
        started = time.time()
        open_page(driver, page)
        opened = time.time() - started
        navigation = driver.execute_script(
            "var n = performance.getEntriesByType('navigation')[0];"
            " return {domContentLoaded: n.domContentLoadedEventEnd, load: n.loadEventEnd,"
            " transferSize: n.transferSize, decodedBodySize: n.decodedBodySize};")
        counts = driver.execute_script(
            "return {titles: document.querySelectorAll('#titles > li').length,"
            " buttons: document.querySelectorAll('figure.cell').length,"
            " elements: document.getElementsByTagName('*').length};")
        changes = []
        for control, value in [("f-language", "de"), ("f-look", "classic"), ("f-problem", "truncated"),
                               ("f-order", "overflow"), ("f-order", "file"), ("f-text", "title"), ("f-text", ""),
                               ("f-problem", "*"), ("f-look", "*"), ("f-language", "*")]:
            result = driver.execute_async_script(
                """
                var done = arguments[arguments.length - 1];
                var control = document.getElementById(arguments[0]);
                var value = arguments[1];
                var started = performance.now();
                control.value = value;
                control.dispatchEvent(new Event(control.tagName === 'INPUT' ? 'input' : 'change', {bubbles: true}));
                document.body.offsetHeight;
                var laidOut = performance.now() - started;
                requestAnimationFrame(function () { setTimeout(function () {
                  done({control: control.id, value: value, laidOutMs: laidOut, nextFrameMs: performance.now() - started,
                        status: document.getElementById('shown').textContent});
                }, 0); });
                """, control, value)
            changes.append(result)
        print(json.dumps({"page": page, "wallSecondsToComplete": round(opened, 3), "navigation": navigation,
                          "counts": counts, "filterChanges": changes}, indent=2))
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--page")
    parser.add_argument("--json")
    parser.add_argument("--looks")
    parser.add_argument("--screenshot")
    parser.add_argument("--chevron", default="chevron", help="the chevron binary, to ask for each button at 2x")
    parser.add_argument("--all", action="store_true", help="the report was written with --html-all")
    parser.add_argument("--text", action="append", default=[], help="text to filter by (repeatable)")
    parser.add_argument("--timing", metavar="PAGE")
    arguments = parser.parse_args()
    if arguments.timing:
        timing(arguments.timing)
    else:
        if not (arguments.page and arguments.json and arguments.looks and arguments.screenshot):
            parser.error("give --page, --json, --looks and --screenshot (or --timing PAGE)")
        check(arguments)


if __name__ == "__main__":
    main()
