// Bit fields of SystemC port values of the types Verilator chooses with --pins-bv 2 (as `verify` builds the
// co-simulation): bool (1 bit) and sc_bv<N> (2 bits and more). Element i of a packed per-lane or per-bank
// port of element width w is the field [i*w +: w] (docs/rtl-dbcf.md "Ports").
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

// Field [lsb +: w] of v (w <= 64). sc_bv is read through its 32-bit words (range() would build a
// proxy object per call: a fifth of the co-simulation's time).
template <class T> inline uint64_t get_bits(const T &v, int lsb, int w)
{
    if constexpr (std::is_same_v<T, bool>)
        return v ? 1u : 0u;
    else {
        uint64_t r = 0;
        for (int done = 0; done < w;) {
            const int bit = lsb + done, off = bit % 32, take = w - done < 32 - off ? w - done : 32 - off;
            r |= (((uint64_t)v.get_word(bit / 32) >> off) & low_mask(take)) << done;
            done += take;
        }
        return r;
    }
}

// Set field [lsb +: w] of v to the low w bits of x.
template <class T> inline void set_bits(T &v, int lsb, int w, uint64_t x)
{
    x &= low_mask(w);
    if constexpr (std::is_same_v<T, bool>)
        v = x != 0;
    else {
        for (int done = 0; done < w;) {
            const int bit = lsb + done, off = bit % 32, take = w - done < 32 - off ? w - done : 32 - off;
            const uint64_t m = low_mask(take) << off;
            const uint64_t word = ((uint64_t)v.get_word(bit / 32) & ~m) | (((x >> done) << off) & m);
            v.set_word(bit / 32, (sc_dt::sc_digit)word);
            done += take;
        }
    }
}

} // namespace fg_sc

#endif
