#!/usr/bin/env bash
# Debian packages the project needs beyond Python wheels: extra voices for generated test speech, and
# opencv-doc for its real sample footage (vtest.avi: pedestrians) that the people-detector tests use, and
# the chromium browser the web page's test drives through Playwright (no browser download at run time).
set -euo pipefail
needed=()
command -v espeak-ng >/dev/null || needed+=(espeak-ng)
command -v flite >/dev/null || needed+=(flite)
[ -f /usr/share/doc/opencv-doc/examples/data/vtest.avi ] || needed+=(opencv-doc)
command -v chromium >/dev/null || needed+=(chromium)
if [ ${#needed[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "vidmem: please install ${needed[*]} (e.g. sudo apt-get install ${needed[*]})" >&2
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq --no-install-recommends "${needed[@]}" >/dev/null
