#!/usr/bin/env bash
# What the browser test needs beside the Python packages: Debian's Chromium (Playwright drives it; it never
# downloads a browser of its own) and a CJK font, so the page and the figures show Chinese, not empty boxes.
# Installs what is missing (as root, or through sudo), then prints the browser's version.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
if ! { command -v fc-list >/dev/null 2>&1 && fc-list :lang=zh | grep -q .; }; then
	need+=(fonts-wqy-microhei)
fi
if ((${#need[@]})); then
	sudo=""
	[ "$(id -u)" = 0 ] || sudo="sudo"
	echo "installing ${need[*]} (apt-get)"
	$sudo apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
chromium --version 2>/dev/null
