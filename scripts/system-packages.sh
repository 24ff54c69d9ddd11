#!/usr/bin/env bash
# The system packages the browser, PostgreSQL and Redis tests need (and node with npm for the
# side-by-side benchmark's smoke test, boardgame.io), from Debian's archive:
# installed once with apt-get when missing and this is root. Elsewhere one line says which are
# missing; those tests then skip with their reason (with CI=true they fail instead).
set -u
need=()
command -v chromium >/dev/null || need+=(chromium fonts-dejavu-core)
command -v redis-server >/dev/null || need+=(redis-server)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || need+=(postgresql)
command -v node >/dev/null || need+=(nodejs)
command -v npm >/dev/null || need+=(npm)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "system packages missing (${need[*]}): not root or no apt-get; their tests skip" >&2
    exit 0
fi
echo "installing ${need[*]} from Debian's packages (once)" >&2
export DEBIAN_FRONTEND=noninteractive
if ! { apt-get update -qq >/dev/null && \
       apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null; }; then
    echo "apt-get install ${need[*]} failed; their tests skip" >&2
fi
exit 0
