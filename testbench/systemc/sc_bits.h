// Bit fields of SystemC port values, whatever type Verilator chose for a port: bool (1 bit),
// uint32_t / uint64_t (the default for 2..64 bits), sc_bv<N> (--pins-bv, as `verify` builds it), sc_uint<N>
// (--pins-sc-uint) or sc_biguint<N> (--pins-sc-biguint). Element i of a packed per-lane or
// per-bank port of element width w is the field [i*w +: w] (docs/rtl-dbcf.md "Ports").
#ifndef FG_SC_BITS_H
#define FG_SC_BITS_H

#include <systemc>

#include <cstdint>
#include <type_traits>

namespace fg_sc {

inline uint64_t low_mask(int w)
{
    return w >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << w) - 1);
}

// Field [lsb +: w] of v (w <= 64). sc_bv is read through its 32-bit words (range() builds a
// proxy object per call: a fifth of the co-simulation's time).
template <class T> inline uint64_t get_bits(const T &v, int lsb, int w)
{
    if constexpr (std::is_same_v<T, bool>)
        return v ? 1u : 0u;
    else if constexpr (std::is_integral_v<T>)
        return ((uint64_t)v >> lsb) & low_mask(w);
    else if constexpr (std::is_base_of_v<sc_dt::sc_bv_base, T>) {
        uint64_t r = 0;
        for (int done = 0; done < w;) {
            const int bit = lsb + done, off = bit % 32, take = w - done < 32 - off ? w - done : 32 - off;
            r |= (((uint64_t)v.get_word(bit / 32) >> off) & low_mask(take)) << done;
            done += take;
        }
        return r;
    } else
        return v.range(lsb + w - 1, lsb).to_uint64();
}

// Set field [lsb +: w] of v to the low w bits of x.
template <class T> inline void set_bits(T &v, int lsb, int w, uint64_t x)
{
    x &= low_mask(w);
    if constexpr (std::is_same_v<T, bool>)
        v = x != 0;
    else if constexpr (std::is_integral_v<T>) {
        const uint64_t m = low_mask(w) << lsb;
        v = (T)(((uint64_t)v & ~m) | (x << lsb));
    } else if constexpr (std::is_base_of_v<sc_dt::sc_bv_base, T>) {
        for (int done = 0; done < w;) {
            const int bit = lsb + done, off = bit % 32, take = w - done < 32 - off ? w - done : 32 - off;
            const uint64_t m = low_mask(take) << off;
            const uint64_t word = ((uint64_t)v.get_word(bit / 32) & ~m) | (((x >> done) << off) & m);
            v.set_word(bit / 32, (sc_dt::sc_digit)word);
            done += take;
        }
    } else
        v.range(lsb + w - 1, lsb) = x;
}

// A value of type T with every bit 0.
template <class T> inline T zero()
{
    if constexpr (std::is_arithmetic_v<T>)
        return T(0);
    else {
        T v;
        v = 0;
        return v;
    }
}

} // namespace fg_sc

#endif
