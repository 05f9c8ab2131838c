"""Text-level mutation operators. Every operator takes (text, rng, ctx) and returns
(new_text, description), or None when it does not apply to this text. Texts are latin-1
strings (one character per byte). Everything is drawn from the rng: same seed, same mutants.
"""
import re

LONG_LIST = "[" + ", ".join(["1"] * 10000) + "]"
NESTED_MAP = "{a: {b: [1, {c: 2}, [3, [4, {d: e}]]]}, f: {g: {h: {}}}}"
# Replacement scalars of YAML values (the brief's list).
YAML_SPECIALS = ("1e308", "-1e308", "1e155", "1e-308", "0", "-1", "2147483648", "-2147483649",
                 "9223372036854775808", ".nan", ".inf", "-.inf", "fuzz", '""', "[]", "{}",
                 NESTED_MAP, LONG_LIST, "1e999", "-0", "0.5", "true", "~", "'1'",
                 '"fu\\nzz"', '"\\x1b[31mred\\0"')
# Replacement numbers of .dat / .mtx files.
NUMERIC_SPECIALS = ("1e308", "-1e308", "1e155", "1e-308", "0", "-1", "2147483648", "-2147483649",
                    "9223372036854775808", "nan", "NaN", "inf", "-inf", "Infinity", "1e999",
                    "0x10", "1.5", "abc", "", "1,5", "+-1", "1e")
ABSURD_SIZES = ("1000000000", "1000000000000", "1e12", "4294967297", "99999999999999999999",
                "1e-12", "1e-300", "2147483647")
SIZE_KEY = re.compile(r"(count|steps|^n[xyz]?$|size|^T$|end_time|^dx$|^h$|^dt$|every|iter|omega|"
                      r"freq|divide|max_|radius|radii|spacing|length|upper|lower)", re.I)
INVALID_UTF8 = ("\xff", "\xfe\xff", "\xc3\x28", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\x80",
                "\xc0\xaf", "\x00", "\xe2\x82")
NUMBER = re.compile(r"(?<![\w.])[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?(?![\w.])")
# Where a YAML value may start: after "- ", after "key: ", after "[", "{" or "," in a flow.
VALUE_START = re.compile(r"^\s*-[ \t]+|:[ \t]+|[\[{,][ \t]*")
FLOW_KEY = re.compile(r"[\w-]+\s*:(?:\s|$)")
YAML_KEY = re.compile(r"^(\s*(?:-\s+)?)([A-Za-z_][\w-]*)(\s*:)")


def _lines(text):
    return text.splitlines(keepends=True)


def _code_end(line, comment):
    """Index where a comment starts (or the line's end)."""
    for m in re.finditer(re.escape(comment), line):
        if m.start() == 0 or line[m.start() - 1] in " \t":
            if comment == "%" and line.startswith("%%"):
                continue
            return m.start()
    return len(line.rstrip("\r\n"))


def _content_indices(lines, comment):
    return [i for i, l in enumerate(lines) if l.strip() and not (l.lstrip().startswith(comment)
                                                                  and not l.startswith("%%"))]


def _pick_line(lines, rng, comment):
    idx = _content_indices(lines, comment)
    if idx and rng.random() < 0.9:
        return rng.choice(idx)
    return rng.randrange(len(lines)) if lines else None


def _splice(text, lines, i, start, end, new):
    offset = sum(len(l) for l in lines[:i])
    return text[:offset + start] + new + text[offset + end:]


def _tokens(lines, regex, comment, group=0):
    """[(line, start, end, text)] of regex matches in the code part of every line."""
    out = []
    for i, line in enumerate(lines):
        code = line[:_code_end(line, comment)]
        if not code.strip() or (code.lstrip().startswith(comment) and not code.startswith("%%")):
            continue
        for m in regex.finditer(code):
            out.append((i, m.start(group), m.end(group), m.group(group)))
    return out


def _balanced_value(value):
    """A flow collection that closes on its line is taken whole (else its opening token);
    a scalar ends at the first , ] or } (or the end of the line)."""
    if value[:1] in "[{":
        depth = 0
        for k, c in enumerate(value):
            depth += c in "[{"
            depth -= c in "]}"
            if depth == 0:
                return value[:k + 1]
        return ""  # a flow collection over several lines: not a target
    return re.match(r"[^,\]}]*", value).group(0).rstrip()


def _value_tokens(lines):
    """[(line, start, end, text)] of the YAML values (scalars and one-line flow collections)."""
    out = []
    for i, line in enumerate(lines):
        code = line[:_code_end(line, "#")]
        if not code.strip() or code.lstrip().startswith("#"):
            continue
        for m in VALUE_START.finditer(code):
            rest = code[m.end():]
            if not rest.strip() or FLOW_KEY.match(rest):
                continue
            value = _balanced_value(rest)
            if value:
                out.append((i, m.end(), m.end() + len(value), value))
    return out


# ---- line operators (every file kind) ------------------------------------------------------
def delete_line(text, rng, ctx):
    lines = _lines(text)
    i = _pick_line(lines, rng, ctx["comment"])
    if i is None:
        return None
    return "".join(lines[:i] + lines[i + 1:]), "delete line %d %r" % (i + 1, lines[i].rstrip()[:60])


def duplicate_line(text, rng, ctx):
    lines = _lines(text)
    i = _pick_line(lines, rng, ctx["comment"])
    if i is None:
        return None
    line = lines[i] if lines[i].endswith("\n") else lines[i] + "\n"
    return "".join(lines[:i] + [line] + lines[i:]), "duplicate line %d %r" % (i + 1, lines[i].rstrip()[:60])


def swap_lines(text, rng, ctx):
    lines = _lines(text)
    if len(lines) < 2:
        return None
    i, j = _pick_line(lines, rng, ctx["comment"]), _pick_line(lines, rng, ctx["comment"])
    if i == j:
        j = (i + 1) % len(lines)
    a, b = lines[i], lines[j]
    ends = lambda s: s if s.endswith("\n") else s + "\n"
    lines[i], lines[j] = ends(b), ends(a)
    return "".join(lines), "swap lines %d and %d" % (min(i, j) + 1, max(i, j) + 1)


def truncate(text, rng, ctx):
    if not text:
        return None
    at = rng.choice((0, rng.randrange(len(text)), rng.randrange(len(text)), rng.randrange(len(text))))
    return text[:at], "truncate at byte %d of %d" % (at, len(text))


def invalid_utf8(text, rng, ctx):
    at = rng.randrange(len(text) + 1)
    junk = rng.choice(INVALID_UTF8)
    return text[:at] + junk + text[at:], "insert bytes %s at byte %d" % (junk.encode("latin-1").hex(), at)


# ---- YAML operators ------------------------------------------------------------------------
def _yaml_targets(lines, numbers_only=False):
    nums = _tokens(lines, NUMBER, "#")
    if numbers_only:
        return nums
    return nums + _value_tokens(lines)


def replace_scalar(text, rng, ctx, values=YAML_SPECIALS):
    lines = _lines(text)
    targets = _yaml_targets(lines)
    if not targets:
        return None
    i, s, e, old = rng.choice(targets)
    new = rng.choice(values)
    return (_splice(text, lines, i, s, e, new),
            "line %d: %r -> %r" % (i + 1, old[:40], new[:40] + ("..." if len(new) > 40 else "")))


def splice_value(text, rng, ctx):
    """A value seen in another seed of the same app (another shape, method, problem type...)."""
    if not ctx["dictionary"]:
        return None
    return replace_scalar(text, rng, ctx, values=ctx["dictionary"])


def absurd_size(text, rng, ctx):
    lines = _lines(text)
    nums = _yaml_targets(lines, numbers_only=True)
    if not nums:
        return None
    weighted = []
    for t in nums:
        key = YAML_KEY.match(lines[t[0]])
        weighted += [t] * (4 if key and SIZE_KEY.search(key.group(2)) else 1)
    i, s, e, old = rng.choice(weighted)
    new = rng.choice(ABSURD_SIZES)
    return _splice(text, lines, i, s, e, new), "absurd size line %d: %r -> %r" % (i + 1, old, new)


def alias_bomb(text, rng, ctx):
    """Billion laughs: anchors defined inside one flow sequence, each level 9 aliases of the last."""
    depth = rng.randint(6, 9)
    levels = ["&l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for k in range(1, depth):
        levels.append("&l%d [%s]" % (k, ", ".join(["*l%d" % (k - 1)] * 9)))
    bomb = "[" + ", ".join(levels) + "]"
    lines = _lines(text)
    targets = _value_tokens(lines)
    if targets and rng.random() < 0.7:
        i, s, e, old = rng.choice(targets)
        return _splice(text, lines, i, s, e, bomb), "alias bomb (9^%d) at line %d" % (depth, i + 1)
    return "lol: %s\n" % bomb + text, "alias bomb (9^%d) as a new first key" % depth


def indent_line(text, rng, ctx):
    lines = _lines(text)
    i = _pick_line(lines, rng, "#")
    if i is None:
        return None
    line = lines[i]
    how = rng.choice(("indent", "dedent", "tab"))
    if how == "indent":
        lines[i] = "  " + line
    elif how == "dedent" and line.startswith("  "):
        lines[i] = line[2:]
    else:
        lines[i] = "\t" + line.lstrip(" ")
        how = "tab"
    return "".join(lines), "%s line %d" % (how, i + 1)


def mangle_key(text, rng, ctx):
    lines = _lines(text)
    keyed = [i for i, l in enumerate(lines) if YAML_KEY.match(l)]
    if not keyed:
        return None
    i = rng.choice(keyed)
    m = YAML_KEY.match(lines[i])
    key = m.group(2)
    new = rng.choice((key + "x", key[:-1], key.upper(), key + " extra", "", "'" + key, key + ":"))
    lines[i] = m.group(1) + new + lines[i][m.end(2):]
    return "".join(lines), "line %d: key %r -> %r" % (i + 1, key, new)


# ---- .dat / .mtx operators -----------------------------------------------------------------
def _header_line(lines):
    """Index of the size line: the first line that is neither a comment nor blank."""
    for i, l in enumerate(lines):
        if l.strip() and not l.startswith("%"):
            return i
    return None


def replace_number(text, rng, ctx, values=NUMERIC_SPECIALS, where=None):
    lines = _lines(text)
    nums = [t for t in _tokens(lines, NUMBER, ctx["comment"]) if where is None or where(t[0], lines)]
    if not nums:
        return None
    i, s, e, old = rng.choice(nums)
    new = rng.choice(values)
    return _splice(text, lines, i, s, e, new), "line %d: %r -> %r" % (i + 1, old, new)


def _size_values(text):
    m = re.search(r"^\s*(\d+)", text, re.M)
    n = int(m.group(1)) if m else 2
    return ("1000000000", "0", "-1", str(n + 1), str(max(n - 1, 0)), "2147483648", "1.5",
            "99999999999999999999", "46341", "3037000500", "1e3")


def header_number(text, rng, ctx):
    lines = _lines(text)
    if ctx["kind"] == "dat":
        head = [i for i in _content_indices(lines, "#")][:4]
        where = lambda i, ls: i in head
    else:
        h = _header_line(lines)
        where = lambda i, ls: i == h
    return replace_number(text, rng, ctx, values=_size_values(text), where=where)


def _entry_where(text):
    lines = _lines(text)
    h = _header_line(lines)
    return lambda i, ls: h is not None and i > h


def index_out_of_range(text, rng, ctx):
    if not re.search(r"coordinate", text, re.I):
        return None
    lines = _lines(text)
    h = _header_line(lines)
    entries = [i for i in range(h + 1, len(lines)) if len(lines[i].split()) >= 3] if h is not None else []
    if not entries:
        return None
    i = rng.choice(entries)
    parts = lines[i].split()
    col = rng.randrange(2)
    n = max(int(x) for x in lines[h].split()[:2] if x.isdigit()) if lines[h].split() else 1
    new = rng.choice(("0", "-1", str(n + 1), "1000000000", "2147483648", "9223372036854775808"))
    old = parts[col]
    parts[col] = new
    lines[i] = " ".join(parts) + "\n"
    return "".join(lines), "line %d: index %s -> %s" % (i + 1, old, new)


def entry_count(text, rng, ctx):
    lines = _lines(text)
    h = _header_line(lines)
    if h is None:
        return None
    parts = lines[h].split()
    if len(parts) < 2:
        return None
    k = len(parts) - 1
    try:
        cnt = int(parts[k])
    except ValueError:
        return None
    new = rng.choice((str(cnt + 1), str(max(cnt - 1, 0)), "0", "1000000000", "1000000000000", "-1"))
    parts[k] = new
    lines[h] = " ".join(parts) + "\n"
    return "".join(lines), "line %d: entry count %d -> %s" % (h + 1, cnt, new)


def nonfinite_value(text, rng, ctx):
    return replace_number(text, rng, ctx, values=("nan", "NaN", "inf", "-inf", "1e999", "-1e999"),
                          where=_entry_where(text) if ctx["kind"] == "mtx" else None)


def banner(text, rng, ctx):
    first = text.split("\n", 1)
    if not first[0].lower().startswith("%%matrixmarket"):
        return None
    words = first[0].split()
    k = rng.randrange(1, len(words))
    new = rng.choice(("matrix", "vector", "coordinate", "array", "real", "integer", "complex",
                      "pattern", "general", "symmetric", "skew-symmetric", "hermitian", "", "REAL"))
    old = words[k]
    words[k] = new
    return " ".join(words) + ("\n" + first[1] if len(first) > 1 else ""), "banner word %r -> %r" % (old, new)


YAML_OPS = ((replace_scalar, 6), (splice_value, 3), (absurd_size, 3), (delete_line, 2),
            (duplicate_line, 2), (swap_lines, 1), (indent_line, 0.5), (mangle_key, 0.5),
            (truncate, 1), (invalid_utf8, 1), (alias_bomb, 1))
NUMERIC_OPS = ((replace_number, 4), (header_number, 3), (nonfinite_value, 2), (index_out_of_range, 2),
               (entry_count, 2), (banner, 1), (delete_line, 2), (duplicate_line, 2), (swap_lines, 1),
               (truncate, 1), (invalid_utf8, 1))


def dictionary(seeds):
    """Values seen in a list of YAML seeds (for splice_value)."""
    values = set()
    for seed in seeds:
        if seed.kind != "yaml":
            continue
        for _, _, _, v in _value_tokens(_lines(seed.text)):
            if len(v) <= 80:
                values.add(v)
    return tuple(sorted(values))


def mutate(seed, rng, dictionary_values):
    """1 to 3 operators applied in turn: (mutant text, [descriptions])."""
    ops = YAML_OPS if seed.kind == "yaml" else NUMERIC_OPS
    ctx = {"kind": seed.kind, "comment": "#" if seed.kind in ("yaml", "dat") else "%",
           "dictionary": dictionary_values}
    text, done = seed.text, []
    for _ in range(rng.choice((1, 1, 1, 1, 1, 1, 2, 2, 2, 3))):
        for _attempt in range(10):
            op = rng.choices([o for o, _ in ops], weights=[w for _, w in ops])[0]
            result = op(text, rng, ctx)
            if result is not None:
                text = result[0]
                done.append("%s: %s" % (op.__name__, result[1]))
                break
    return text, done
