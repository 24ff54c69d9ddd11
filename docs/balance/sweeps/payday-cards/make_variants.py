"""Make the four Pay Day variant data folders of compare.md: each a copy of the data with one family
of cards changed.  Run from the repository: python docs/balance/sweeps/payday-cards/make_variants.py OUT"""
import re, shutil, sys
from pathlib import Path
SRC = Path("src/motherlode/rules/payday/data")
OUT = Path(sys.argv[1])

def variant(name, file, change):
    d = OUT / name
    if d.exists(): shutil.rmtree(d)
    shutil.copytree(SRC, d)
    text = (d / file).read_text()
    blocks = text.split("\n[[")
    new = [blocks[0]] + [change(b) for b in blocks[1:]]
    (d / file).write_text("\n[[".join(new))

def field(block, key):
    m = re.search(rf"^{key} = (-?\d+)$", block, re.M)
    return int(m.group(1)) if m else None

def setf(block, key, value):
    return re.sub(rf"^{key} = -?\d+$", f"{key} = {value}", block, count=1, flags=re.M)

def insurance(b):
    return setf(b, "cost", field(b, "cost") + 100) if 'kind = "insurance"' in b else b
def markups(b):
    return setf(b, "value", field(b, "cost")) if 'kind = "markup"' in b else b
def hits(b):
    return setf(b, "amount", 2 * field(b, "amount")) if 'id = "market-hit' in b else b
def margins(b):
    cost, resale = field(b, "cost"), field(b, "resale")
    if cost is None or resale is None: return b
    return setf(b, "resale", cost + round(1.5 * (resale - cost) / 10) * 10)

variant("insurance-plus-100", "mail.toml", insurance)
variant("markups-at-cost", "mail.toml", markups)
variant("market-hits-doubled", "events.toml", hits)
variant("margins-x1.5", "bargains.toml", margins)
