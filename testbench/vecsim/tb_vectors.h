// Generic golden-vector harness (docs/verify.md): the design-independent part. A design is
// reached through fg_tb_dut, whose only design-specific piece is a list of its ports; `fecforge
// verify` writes that piece (fg_tb_bind.cpp) from the generator's manifest.json.
#ifndef FG_TB_VECTORS_H
#define FG_TB_VECTORS_H

#include "verilated.h"

#include <cstdint>
#include <string>
#include <vector>

// One RTL port as Verilator lays it out: 1, 2, 4 or 8 bytes (CData .. QData) or an array of
// 32-bit words (VlWide), bit 0 = bit 0 of the first word.
struct fg_tb_port {
    std::string name;
    bool output;
    int width;
    void *scalar;    // CData/SData/IData/QData, or nullptr
    int bytes;       // size of *scalar
    uint32_t *words; // VlWide storage, or nullptr

    uint64_t get(int off, int w) const;
    void set(int off, int w, uint64_t v);
};

class fg_tb_dut {
public:
    virtual ~fg_tb_dut() = default;
    virtual void eval() = 0;
    virtual void final() = 0;
    virtual void trace_open(const char *path) = 0; // FST waveform of the run (nullptr: none)
    virtual void trace_dump(uint64_t time) = 0;
    virtual void trace_close() = 0;
    const std::vector<fg_tb_port> &ports() const { return ports_; }
    fg_tb_port *find(const std::string &name);

protected:
    void add(const char *name, bool output, int width, CData &p) { scalar(name, output, width, &p, 1); }
    void add(const char *name, bool output, int width, SData &p) { scalar(name, output, width, &p, 2); }
    void add(const char *name, bool output, int width, IData &p) { scalar(name, output, width, &p, 4); }
    void add(const char *name, bool output, int width, QData &p) { scalar(name, output, width, &p, 8); }
    template <std::size_t N> void add(const char *name, bool output, int width, VlWide<N> &p)
    {
        ports_.push_back({name, output, width, nullptr, 0, p.data()});
    }

private:
    void scalar(const char *name, bool output, int width, void *p, int bytes)
    {
        ports_.push_back({name, output, width, p, bytes, nullptr});
    }
    std::vector<fg_tb_port> ports_;
};

// Defined in the generated fg_tb_bind.cpp: the Verilated top with its ports registered.
fg_tb_dut *fg_tb_make_dut(VerilatedContext *ctx);

#endif
