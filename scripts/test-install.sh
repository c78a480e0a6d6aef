#!/usr/bin/env bash
# Installs the build into a temporary prefix and builds a small consumer against it twice:
# through the CMake package and through pkg-config. Usage: test-install.sh BUILD_DIR
set -euo pipefail
build=$1
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
cmake --install "$build" --prefix "$t/prefix" >/dev/null
mkdir -p "$t/consumer"
cat >"$t/consumer/main.c" <<'C'
#include <fecforge/fecforge.h>
#include <stdio.h>
int main(void)
{
    int32_t pi[40];
    if (fg_interleaver_table(FG_STD_UMTS, 40, pi) || pi[0] != 39)
        return 1;
    printf("fecforge %s works\n", fg_version());
    return 0;
}
C
cat >"$t/consumer/CMakeLists.txt" <<'C'
cmake_minimum_required(VERSION 3.25)
project(consumer C)
find_package(fecforge REQUIRED)
add_executable(consumer main.c)
target_link_libraries(consumer fecforge::fecforge)
C
cmake -S "$t/consumer" -B "$t/consumer/build" -DCMAKE_PREFIX_PATH="$t/prefix" >/dev/null
cmake --build "$t/consumer/build" >/dev/null
"$t/consumer/build/consumer"
cc "$t/consumer/main.c" $(PKG_CONFIG_PATH="$t/prefix/lib/pkgconfig" pkg-config --cflags --libs fecforge) -o "$t/pc"
"$t/pc"
"$t/prefix/bin/fecforge" --version
