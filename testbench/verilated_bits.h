// Bit fields of a Verilated port, for the C++ harnesses: integral types up to 64 bits (CData ..
// QData), VlWide (32-bit words, bit 0 in word 0) above. Element i of a packed bus of w-bit
// elements is fg_vl_get(bus, i * w, w).
#ifndef FG_VERILATED_BITS_H
#define FG_VERILATED_BITS_H

#include <cstddef>
#include <cstdint>
#include <type_traits>

template <typename T> uint32_t fg_vl_get(const T &sig, int lsb, int w)
{
    uint32_t v = 0;
    for (int b = 0; b < w; b++) {
        const int at = lsb + b;
        uint32_t bit;
        if constexpr (std::is_integral_v<T>)
            bit = (uint32_t)(((uint64_t)sig >> at) & 1u);
        else
            bit = (uint32_t)(sig[(size_t)(at / 32)] >> (at % 32)) & 1u;
        v |= bit << b;
    }
    return v;
}

template <typename T> void fg_vl_put(T &sig, int lsb, int w, uint32_t v)
{
    for (int b = 0; b < w; b++) {
        const int at = lsb + b;
        const bool one = (v >> b) & 1u;
        if constexpr (std::is_integral_v<T>) {
            const uint64_t m = (uint64_t)1 << at;
            sig = (T)(one ? ((uint64_t)sig | m) : ((uint64_t)sig & ~m));
        } else {
            const uint32_t m = 1u << (at % 32);
            auto &word = sig[(size_t)(at / 32)];
            word = one ? (word | m) : (word & ~m);
        }
    }
}

#endif
