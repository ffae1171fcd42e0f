#!/usr/bin/env python3
"""Draws the README's picture of an HTML report of `chevron check`: the page opened from its file
in headless Chromium (Debian's chromium and chromium-driver, driven by PyPI's selenium; all three
installed by scripts/install-deps.sh), its pictures loaded, the top of the page as a PNG.

Usage: report-screenshot.py REPORT/index.html OUT.png [--width PX] [--height PX]   (`make docs`)
"""
import argparse
import os
import shutil
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("page")
    parser.add_argument("output")
    parser.add_argument("--width", type=int, default=1100)
    parser.add_argument("--height", type=int, default=1500)
    arguments = parser.parse_args()
    chromium, driver_path = shutil.which("chromium"), shutil.which("chromedriver")
    if not chromium or not driver_path:
        sys.exit("chromium and chromium-driver are not installed (scripts/install-deps.sh installs them)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    # Chromium as root needs its sandbox off; no GPU, and no /dev/shm in a container.
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                 f"--window-size={arguments.width},{arguments.height}", "--force-device-scale-factor=1"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    try:
        driver.get("file://" + os.path.abspath(arguments.page))
        deadline = time.time() + 20
        while time.time() < deadline and not driver.execute_script(
                "return document.readyState === 'complete' && "
                "Array.from(document.images).every(function (i) { return i.complete; })"):
            time.sleep(0.1)
        if not driver.save_screenshot(arguments.output):
            sys.exit(f"the screenshot {arguments.output} was not written")
    finally:
        driver.quit()
    print(f"{arguments.output}: {arguments.width} × {arguments.height} px of {arguments.page}")


if __name__ == "__main__":
    main()
