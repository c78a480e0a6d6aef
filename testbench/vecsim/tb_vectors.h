// Generic golden-vector harness (docs/verify.md): the design-independent part. A design is
// reached through fg_tb_dut, whose only design-specific piece is a list of its ports; `fecforge
// verify` writes that piece (fg_tb_bind.cpp) from the generator's manifest.json.
#ifndef FG_TB_VECTORS_H
#define FG_TB_VECTORS_H

#include "verilated.h"

extern "C" {
#include "fecforge/vectors.h"
}

#include <cstdint>
#include <map>
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
    // The FST waveform of a run: only a model verilated with --trace-fst has one (`fecforge verify`
    // builds without it and rebuilds with it for the waveform of a mismatch: docs/verify.md).
    virtual bool traced() const { return false; }
    virtual void trace_open(const char *path) { (void)path; }
    virtual void trace_dump(uint64_t time) { (void)time; }
    virtual void trace_close() {}
    const std::vector<fg_tb_port> &ports() const { return ports_; }
    fg_tb_port *find(const std::string &name);

protected:
    // A port held in 32-bit words owned by the subclass (the SystemC co-simulation's shadows).
    void add_words(const char *name, bool output, int width, uint32_t *words)
    {
        ports_.push_back({name, output, width, nullptr, 0, words});
    }
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

// A vector set that does not fit the design (or a bad file): the harnesses exit 2 with msg.
struct fg_tb_usage {
    std::string msg;
};

uint64_t fg_tb_mask(int w);

// A vector port bound to a slice of an RTL port (tb_ports.cpp, the binding rules of tb_vectors.cpp).
struct fg_tb_bound {
    std::string label; // name[index]
    fg_tb_port *rtl;   // nullptr: the RTL has no such port (allowed for state ports)
    int off, ew;       // RTL element slice
    int vw;            // vector width
    bool is_signed;
    fg_vec_dir dir;
    // The RTL slice value a vector value stands for (zero- or sign-extended to the element).
    uint64_t expect(int64_t v) const { return (uint64_t)v & fg_tb_mask(is_signed ? ew : vw); }
};

std::string fg_tb_label(const fg_vec_port &p);
// Element count of each port name in a stream: largest index + 1.
std::map<std::string, int> fg_tb_elements(const fg_vec_stream *st);
// Bind vector port p (one of n_elem elements) to the RTL port rtl_name; throws fg_tb_usage (where:
// the file, for the message) when the directions or widths do not fit.
fg_tb_bound fg_tb_bind(fg_tb_dut &dut, const fg_vec_port &p, int n_elem, const std::string &rtl_name,
                       const char *where);

// Every port of a cycles stream bound to the design (a state port may lack an RTL port; any other
// port must have one, else fg_tb_usage).
std::vector<fg_tb_bound> fg_tb_bind_cycles(const fg_vec_set *set, const fg_vec_stream *st, fg_tb_dut &dut);

// Every input 0, then the set's table streams: line l, port p drives element l of the static input
// p_i (or p). Throws fg_tb_usage when a table does not fit the design.
void fg_tb_apply_tables(fg_vec_set *set, fg_tb_dut &dut);

// Defined in the generated fg_tb_bind.cpp: the Verilated top with its ports registered.
fg_tb_dut *fg_tb_make_dut(VerilatedContext *ctx);

#endif
