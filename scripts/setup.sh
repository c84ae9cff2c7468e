# Shared by scripts/run and scripts/test: installs what a fresh Debian 12 machine lacks, then
# configures and builds. Source it; it sets BUILD_DIR.
set -euo pipefail

ROOT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT_DIR/build}"

PACKAGES=(
    cmake ninja-build g++ ccache pkg-config
    qt6-base-dev qt6-tools-dev qt6-l10n-tools qt6-svg-dev libgl-dev
    libicu-dev
    xvfb xauth fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji fonts-noto-mono
)

missing=()
for package in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
        missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
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
fi

BUILD_TYPE="${BUILD_TYPE:-Release}"
# CMAKE_OPTIONS: more -D options for this build directory (e.g. scripts/cross-test nosimd).
cmake -S "$ROOT_DIR" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE="$BUILD_TYPE" ${CMAKE_OPTIONS:-} >/dev/null
cmake --build "$BUILD_DIR" --parallel "$(nproc)"
