#!/usr/bin/python3
"""The playground in a real browser (Debian's chromium, headless, through selenium and
chromium-driver): load the page, drop a shared .xib on it, move the width slider with
the keyboard, and hold the drawing's rectangles to what `cellfit layout` prints for the
same template at the same width.

    Playground/Tests/Browser/browser_test.py SERVE CELLFIT [--screenshot PNG]

SERVE is the built cellfit-serve, CELLFIT the built cellfit. `make test` runs it.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
XIB = os.path.join(ROOT, "Tests/InterfaceBuilderTests/Fixtures/cells",
                   "xmartlabs__XLPagerTabStrip__Example__Example__Helpers__PostCell.xib")
STEPS = 37  # slider steps to the right, one point each


def fail(message):
    print(f"browser test: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def start_server(serve):
    server = subprocess.Popen([serve, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = server.stdout.readline()
    if "http://" not in line:
        server.kill()
        fail(f"cellfit-serve did not start: {line!r}")
    return server, line.split("http://")[1].split("/")[0]


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1100"]:
        options.add_argument(argument)
    service = Service(executable_path="/usr/bin/chromedriver")
    return webdriver.Chrome(options=options, service=service)


def drawn(driver):
    return int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-drawn") or 0)


def wait_drawn_after(driver, count, why):
    try:
        WebDriverWait(driver, 30).until(lambda d: drawn(d) > count)
    except Exception:
        fail(f"no drawing after {why}; page error: {driver.find_element(By.ID, 'error').text!r}")


def frames_in_drawing(driver):
    """The frames drawn in the first row: {view: [x, y, w, h]} from each view's rect."""
    return driver.execute_script("""
        const frames = {};
        for (const g of document.querySelectorAll('#drawing g.row')[0].querySelectorAll('g[data-view]')) {
            const r = g.querySelector(':scope > rect.frame');
            frames[g.dataset.view] = ['x', 'y', 'width', 'height'].map((a) => Number(r.getAttribute(a)));
        }
        return frames;""")


def cli_frames(cellfit, template, width):
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "template.json")
        with open(path, "w") as f:
            f.write(template)
        out = subprocess.run([cellfit, "layout", "--template", path, "--width", str(width), "--json"],
                             capture_output=True, text=True)
        if out.returncode != 0:
            fail(f"cellfit layout failed: {out.stderr}")
        return json.loads(out.stdout.splitlines()[0])["frames"]


def cli_error(cellfit, template, width):
    """What `cellfit layout` says of a broken template file named `template`."""
    with tempfile.TemporaryDirectory() as folder:
        with open(os.path.join(folder, "template"), "w") as f:
            f.write(template)
        out = subprocess.run([cellfit, "layout", "--template", "template", "--width", str(width), "--json"],
                             capture_output=True, text=True, cwd=folder)
        lines = [l for l in out.stderr.splitlines() if l.startswith("error: ")]
        if out.returncode != 2 or not lines:
            fail(f"cellfit layout accepted the broken template: {out.stdout} {out.stderr}")
        return lines[0][len("error: "):]


def compare(drawing, expected, width):
    if set(drawing) != set(expected):
        fail(f"at width {width} the drawing has views {sorted(drawing)}, cellfit layout {sorted(expected)}")
    for name, frame in expected.items():
        # The picture writes three decimals.
        if any(abs(a - b) > 0.0006 for a, b in zip(drawing[name], frame)):
            fail(f"at width {width}, view {name}: drawn {drawing[name]}, cellfit layout {frame}")


def main():
    if len(sys.argv) < 3:
        fail("usage: browser_test.py SERVE CELLFIT [--screenshot PNG]")
    serve, cellfit = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    screenshot = sys.argv[4] if len(sys.argv) > 4 and sys.argv[3] == "--screenshot" else None
    server, address = start_server(serve)
    driver = None
    try:
        driver = browser()
        driver.get(f"http://{address}/?example=MessageCells")
        wait_drawn_after(driver, 0, "loading ?example=MessageCells")
        if driver.find_element(By.ID, "example").get_attribute("value") != "MessageCells":
            fail("?example=MessageCells did not open the example")

        # Drop the .xib: a real drop event carrying the file, on the drop zone.
        with open(XIB, encoding="utf-8") as f:
            xib = f.read()
        name = os.path.basename(XIB)
        before = drawn(driver)
        driver.execute_script("""
            const [text, name] = arguments;
            const transfer = new DataTransfer();
            transfer.items.add(new File([text], name, { type: 'application/xml' }));
            const zone = document.getElementById('drop');
            for (const type of ['dragenter', 'dragover', 'drop']) {
                zone.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
            }""", xib, name)
        wait_drawn_after(driver, before, "dropping " + name)
        WebDriverWait(driver, 30).until(lambda d: name in d.find_element(By.ID, "source").text)
        WebDriverWait(driver, 30).until(lambda d: drawn(d) > before and d.find_elements(By.CSS_SELECTOR, "#drawing rect.overlay"))
        template = driver.find_element(By.ID, "template").get_attribute("value")
        start = float(driver.find_element(By.ID, "width-number").get_attribute("value"))
        compare(frames_in_drawing(driver), cli_frames(cellfit, template, start), start)

        # Move the slider with the keyboard: real input events, one point a step.
        slider = driver.find_element(By.ID, "width")
        before = drawn(driver)
        slider.click()
        drawn_at_click = driver.find_element(By.ID, "width-number").get_attribute("value")
        clicked = float(drawn_at_click)
        for _ in range(STEPS):
            slider.send_keys(Keys.ARROW_RIGHT)
        target = clicked + STEPS
        WebDriverWait(driver, 30).until(
            lambda d: float(d.find_element(By.TAG_NAME, "body").get_attribute("data-width") or 0) == target and drawn(d) > before)
        time.sleep(0.5)  # the last debounced drawing
        width = float(driver.find_element(By.TAG_NAME, "body").get_attribute("data-width"))
        if width != target:
            fail(f"the slider ended at {width}, expected {target}")
        frames = frames_in_drawing(driver)
        compare(frames, cli_frames(cellfit, template, width), width)
        if screenshot:
            driver.save_screenshot(screenshot)

        # Type past the template's end: the page shows the CLI's error, at its place.
        editor = driver.find_element(By.ID, "template")
        editor.click()
        editor.send_keys(Keys.CONTROL, Keys.END)
        editor.send_keys(" x")
        broken = driver.find_element(By.ID, "template").get_attribute("value")
        expected = cli_error(cellfit, broken, width)
        try:
            WebDriverWait(driver, 30).until(lambda d: d.find_element(By.ID, "error").text == expected)
        except Exception:
            fail(f"typing an error shows {driver.find_element(By.ID, 'error').text!r}, cellfit says {expected!r}")
        if "stale" not in driver.find_element(By.ID, "drawing").get_attribute("class"):
            fail("the last drawing is not kept, dimmed, while the template cannot be read")
        print(f"browser test: passed ({name} dropped, drawn at {start:g} and, after the slider, {width:g}: "
              f"{len(frames)} frames equal to cellfit layout; a typed error shown as cellfit says it: {expected})")
    finally:
        if driver:
            driver.quit()
        server.kill()


if __name__ == "__main__":
    main()
