// Port access and vector-port binding shared by the harnesses of testbench/ (tb_vectors.h).
#include "tb_vectors.h"

extern "C" {
#include "fecforge/error.h"
}

#include <algorithm>
#include <cstring>
#include <memory>

uint64_t fg_tb_port::get(int off, int w) const
{
    uint64_t v = 0;
    if (scalar) {
        uint64_t raw = 0;
        std::memcpy(&raw, scalar, (size_t)bytes); // little-endian host, as Verilator assumes
        v = raw >> off;
        return w >= 64 ? v : v & ((uint64_t(1) << w) - 1);
    }
    for (int b = 0; b < w; b++)
        v |= (uint64_t)((words[(off + b) >> 5] >> ((off + b) & 31)) & 1u) << b;
    return v;
}

void fg_tb_port::set(int off, int w, uint64_t v)
{
    if (scalar) {
        uint64_t raw = 0;
        std::memcpy(&raw, scalar, (size_t)bytes);
        const uint64_t m = (w >= 64 ? ~uint64_t(0) : (uint64_t(1) << w) - 1) << off;
        raw = (raw & ~m) | ((v << off) & m);
        std::memcpy(scalar, &raw, (size_t)bytes);
        return;
    }
    for (int b = 0; b < w; b++) {
        uint32_t &word = words[(off + b) >> 5];
        const uint32_t bit = 1u << ((off + b) & 31);
        word = (v >> b) & 1 ? word | bit : word & ~bit;
    }
}

fg_tb_port *fg_tb_dut::find(const std::string &name)
{
    for (auto &p : ports_)
        if (p.name == name)
            return &p;
    return nullptr;
}


uint64_t fg_tb_mask(int w) { return w >= 64 ? ~uint64_t(0) : (uint64_t(1) << w) - 1; }

std::string fg_tb_label(const fg_vec_port &p)
{
    char b[FG_VEC_NAME_MAX + 16];
    return fg_vec_port_label(&p, b, (int)sizeof b);
}

// Element count of each port name in a stream: largest index + 1.
std::map<std::string, int> fg_tb_elements(const fg_vec_stream *st)
{
    std::map<std::string, int> n;
    for (int i = 0; i < st->n_ports; i++) {
        int &e = n[st->ports[i].name];
        e = std::max(e, st->ports[i].index + 1);
    }
    return n;
}

fg_tb_bound fg_tb_bind(fg_tb_dut &dut, const fg_vec_port &p, int n_elem, const std::string &rtl_name, const char *where)
{
    fg_tb_bound b{fg_tb_label(p), dut.find(rtl_name), 0, 0, p.width, p.is_signed != 0, p.dir};
    if (!b.rtl)
        return b;
    const bool want_out = p.dir != FG_VEC_IN;
    if (b.rtl->output != want_out)
        throw fg_tb_usage{std::string(where) + ": port " + b.label + " is an " + (want_out ? "output" : "input") +
                    " in the vectors but " + rtl_name + " is an RTL " + (b.rtl->output ? "output" : "input")};
    const int n = n_elem > 0 ? n_elem : 1;
    if (b.rtl->width % n)
        throw fg_tb_usage{std::string(where) + ": RTL port " + rtl_name + " (" + std::to_string(b.rtl->width) +
                    " bits) does not split into " + std::to_string(n) + " elements"};
    b.ew = b.rtl->width / n;
    b.off = (p.index < 0 ? 0 : p.index) * b.ew;
    if (b.ew < p.width || b.ew > 64)
        throw fg_tb_usage{std::string(where) + ": port " + b.label + " is " + std::to_string(p.width) +
                    " bits in the vectors, " + std::to_string(b.ew) + " bits per element in the RTL"};
    return b;
}


void fg_tb_apply_tables(fg_vec_set *set, fg_tb_dut &dut)
{
    for (const auto &p : dut.ports())
        if (!p.output)
            const_cast<fg_tb_port &>(p).set(0, p.width, 0);
    for (int i = 0; i < fg_vec_num_streams(set); i++) {
        const fg_vec_stream *st = fg_vec_stream_at(set, i);
        if (st->kind != FG_VEC_TABLE)
            continue;
        const std::string where = std::string(fg_vec_dir_path(set)) + "/" + st->file;
        fg_vec_cursor *c = nullptr;
        if (fg_vec_cursor_open(set, st, &c))
            throw fg_tb_usage{fg_last_error()};
        std::unique_ptr<fg_vec_cursor, void (*)(fg_vec_cursor *)> cur(c, fg_vec_cursor_close);
        std::vector<int64_t> v((size_t)st->n_ports);
        for (long l = 0;; l++) {
            const int r = fg_vec_cursor_next(c, v.data(), nullptr);
            if (r < 0)
                throw fg_tb_usage{fg_last_error()};
            if (r == 0)
                break;
            for (int k = 0; k < st->n_ports; k++) {
                fg_vec_port p = st->ports[k];
                if (p.dir != FG_VEC_IN)
                    continue; // a table of results (the LDPC sets' iterations, frames), not a stimulus
                p.index = (int)l;
                std::string name = std::string(p.name) + "_i";
                if (!dut.find(name))
                    name = p.name;
                const fg_tb_bound b = fg_tb_bind(dut, p, (int)st->lines, name, where.c_str());
                if (!b.rtl)
                    throw fg_tb_usage{where + ": table port " + std::string(p.name) + " has no RTL input " + name};
                b.rtl->set(b.off, b.ew, b.expect(v[(size_t)k]));
            }
        }
    }
}

std::vector<fg_tb_bound> fg_tb_bind_cycles(const fg_vec_set *set, const fg_vec_stream *st, fg_tb_dut &dut)
{
    const std::string where = std::string(fg_vec_dir_path(set)) + "/" + st->file;
    auto n = fg_tb_elements(st);
    std::vector<fg_tb_bound> bound;
    for (int k = 0; k < st->n_ports; k++) {
        const fg_vec_port &p = st->ports[k];
        fg_tb_bound b = fg_tb_bind(dut, p, p.index < 0 ? 1 : n[p.name], p.name, where.c_str());
        if (!b.rtl && p.dir != FG_VEC_STATE)
            throw fg_tb_usage{where + ": port " + b.label + " has no RTL port " + p.name};
        bound.push_back(b);
    }
    return bound;
}
