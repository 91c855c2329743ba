#!/usr/bin/env bash
# build --layout hugo and --layout jekyll, built by real Hugo and Jekyll
# sites (Debian's hugo and jekyll): every image, data link and code block
# of the rendered page right, one h1 (the site's, from the front matter),
# the date shown (publish_sites.py checks the HTML). The writeup holds
# Liquid and Hugo syntax in code blocks and inline code, which must reach
# the page as written. Also: --date, the newest run's day, and a Jekyll
# layout without any date refused.
set -euo pipefail
. "$TR_SOURCE_DIR/tests/lib/build_common.sh"
need_sample
for t in hugo jekyll python3; do
  command -v "$t" >/dev/null || { echo "FAIL: $t is missing (scripts/install-deps.sh --test)" >&2; exit 1; }
done
cp -r "$sample" "$work/study"
cat >"$work/study/writeup.md" <<'MD'
# {{title}}

Inline: `{{chart tps}}`, `{{ site.title }}`, `{% if x %}`, `{{< sc >}}` and `{{% n %}}`.

```text
{{ site.title }}
{{table tps}}
{% raw %}x{% endraw %}
{{< figure src="x" >}}
{{% notice %}}
```

{{table tps}}

{{chart tps}}
MD
title=$(python3 -c 'import sys, configparser; c = configparser.ConfigParser(interpolation=None); c.read(sys.argv[1]); print(c["study"]["title"])' "$work/study/tpsreport.ini")

# Hugo: the bundle under content/posts/, a minimal theme showing title and date.
h="$work/hugo"
mkdir -p "$h/layouts/_default" "$h/content/posts"
printf 'baseURL = "http://example.org/blog/"\ntitle = "SITE-TITLE-MARKER"\n' >"$h/config.toml"
printf '<html><body><h1>{{ .Title }}</h1><time>{{ .Date.Format "2006-01-02" }}</time>{{ .Content }}</body></html>\n' \
  >"$h/layouts/_default/single.html"
printf '<html><body>{{ range .Pages }}{{ .Title }}{{ end }}</body></html>\n' >"$h/layouts/_default/list.html"
"$bin" build "$work/study" -o "$h/content/posts/report" --layout hugo --date 2026-05-05 >/dev/null 2>&1 ||
  fail "build --layout hugo"
[ -f "$h/content/posts/report/index.md" ] || fail "no index.md in the bundle"
[ ! -e "$h/content/posts/report/index.html" ] || fail "an index.html in the bundle (Hugo would take it as content)"
head -5 "$h/content/posts/report/index.md" | grep -qx 'date: 2026-05-05' || fail "--date not in the front matter"
(cd "$h" && hugo --quiet -d public >"$work/hugo.log" 2>&1) || { cat "$work/hugo.log" >&2; fail "hugo build"; }
python3 "$src/tests/e2e/publish_sites.py" "$h/public" "$h/public/posts/report/index.html" /blog "$title" 2026-05-05 ||
  fail "the Hugo page"

# Jekyll: OUT is the site's root, served under a base path.
j="$work/jekyll"
mkdir -p "$j/_layouts"
printf 'title: SITE-TITLE-MARKER\nbaseurl: /proj\nmarkdown: kramdown\ndefaults:\n  - scope: {path: "", type: posts}\n    values: {layout: post}\n' \
  >"$j/_config.yml"
printf '<html><body><h1>{{ page.title }}</h1><time>{{ page.date | date: "%%Y-%%m-%%d" }}</time>{{ content }}</body></html>\n' \
  >"$j/_layouts/post.html"
# The newest run's day: the sample's logs end on this day (UTC), checked here from the raw logs.
newest=$(python3 - "$work/study/results" <<'PY'
import os, re, sys, time
last = 0
for d, _, fs in os.walk(sys.argv[1]):
    for f in fs:
        if not re.match(r"^run\d+\.\d+(\.\d+)?$", f):  # pgbench's logs: runN.PID[.THREAD]
            continue
        for line in open(os.path.join(d, f), errors="replace"):
            p = line.split()
            # aggregate: interval_start num_tx ... ; per transaction: client tx time script epoch usec
            if len(p) >= 6 and p[0].isdigit() and len(p[0]) == 10:
                last = max(last, int(p[0]))
            elif len(p) >= 6 and p[4].isdigit() and len(p[4]) == 10:
                last = max(last, int(p[4]))
print(time.strftime("%Y-%m-%d", time.gmtime(last)) if last else "")
PY
)
[ -n "$newest" ] || fail "the sample's logs carry no epoch time"
"$bin" build "$work/study" -o "$j" --force --layout jekyll >/dev/null 2>"$work/err" ||
  { cat "$work/err" >&2; fail "build --layout jekyll"; }
post=$(ls "$j"/_posts/*.md 2>/dev/null | head -1)
case "$(basename "${post:-none}")" in
  "$newest"-*.md) ;;
  *) fail "the post is '$post', not dated $newest (the newest run)" ;;
esac
(cd "$j" && jekyll build --quiet -d _site >"$work/jekyll.log" 2>&1) || { cat "$work/jekyll.log" >&2; fail "jekyll build"; }
page=$(ls "$j"/_site/*/index.html 2>/dev/null | head -1)
[ -n "$page" ] || fail "jekyll wrote no post page"
python3 "$src/tests/e2e/publish_sites.py" "$j/_site" "$page" /proj "$title" "$newest" || fail "the Jekyll page"

# No date at all (no --date, no SOURCE_DATE_EPOCH, no logs with times): refused.
cp -r "$sample" "$work/nolog"
find "$work/nolog/results" -type f -regex '.*/run[0-9]+\.[0-9]+\(\.[0-9]+\)?' -delete
rc=0
env -u SOURCE_DATE_EPOCH "$bin" build "$work/nolog" -o "$work/nodate" --layout jekyll >/dev/null 2>"$work/err" || rc=$?
[ "$rc" = 2 ] || fail "jekyll without a date: exit $rc, not 2"
grep -q 'give --date or SOURCE_DATE_EPOCH' "$work/err" || { cat "$work/err" >&2; fail "jekyll without a date: message"; }
[ ! -e "$work/nodate" ] || fail "jekyll without a date: OUT written"
rc=0
"$bin" build "$work/study" -o "$work/bad" --layout jekyll --date 2026-02-30 >/dev/null 2>"$work/err" || rc=$?
[ "$rc" = 2 ] || fail "--date 2026-02-30: exit $rc, not 2"
grep -q "expected a day as YYYY-MM-DD" "$work/err" || fail "--date 2026-02-30: message"
rc=0
"$bin" build "$work/study" -o "$work/bad" --layout wordpress >/dev/null 2>"$work/err" || rc=$?
[ "$rc" = 2 ] || fail "--layout wordpress: exit $rc, not 2"
finish
