# Shared by scripts/run and scripts/test. Source it: it installs (as root) what every build
# needs on a fresh Debian 12 machine and defines ROOT_DIR, BUILD_DIR and
#   require_packages PACKAGE...          installs the missing ones, or exits 2 naming them
#   build_project DIR [CMAKE_ARG...]     configures DIR (Ninja) and builds everything in it
set -euo pipefail

ROOT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT_DIR/build}"
# ccache hashes paths under the checkout relative to it, so a fresh clone reuses the cache.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$ROOT_DIR}"

# What the build and the tests use, and nothing else:
# - cmake, ninja-build, g++, ccache: the build (ccache only when found); pkg-config: Qt 6's CMake
#   package finds some system libraries (harfbuzz, pcre2) through it.
# - qt6-base-dev (Core, Gui, Widgets, Test; pulls in the GL headers Qt6::Gui's CMake package
#   asks for), libicu-dev.
# - libqt6svg6: the SVG image and icon plugins, without which Qt draws no window icon
#   (resources/icons/mojiscope.svg). Only the runtime plugins: nothing links QtSvg.
# - The Noto fonts: the views draw CJK, Arabic, Hebrew, Devanagari, emoji and symbols, and the
#   window tests render with the offscreen platform, which needs real fonts.
# No translation tools (nothing calls lupdate or lrelease) and no X server (tests run offscreen).
BASE_PACKAGES=(
    cmake ninja-build g++ ccache pkg-config
    qt6-base-dev libicu-dev libqt6svg6
    fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji fonts-noto-mono
)

require_packages() {
    local missing=() package
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
            missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -eq 0 ]; then
        echo "Installing: ${missing[*]}"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    else
        echo "Missing Debian packages: ${missing[*]}" >&2
        echo "Run as root, or: sudo apt-get install ${missing[*]}" >&2
        exit 2
    fi
}

build_project() {
    local dir="$1"
    shift
    cmake -S "$ROOT_DIR" -B "$dir" -G Ninja "$@" >/dev/null
    cmake --build "$dir" --parallel "$(nproc)"
}

require_packages "${BASE_PACKAGES[@]}"
