// The DBCF step model fg_dbcf_step as a SystemC module with the ports of the generated RTL
// (docs/rtl-dbcf.md "Ports": same names, same packing, same widths), so it can stand in for or
// beside the Verilated design.
//
// Timing as the RTL's (docs/rtl-dbcf.md "Timing"): the outputs of a cycle are combinational in
// the registered state and this cycle's inputs, and the state changes only at the rising edge
// of clk_i; rst_ni is a synchronous active-low reset (fg_dbcf_reset at the edge), outputs stay
// combinational during reset.
//
// fg_dbcf_step computes the outputs and commits the state in one call, so the module keeps two
// instances of the model in the same registered state S(t): `live`, stepped once per rising edge
// (commit), and `probe`, which the combinational method comb() steps with the current inputs to
// get this cycle's outputs (comb is sensitive to every input port and to the commit). At the
// edge, probe has been stepped with exactly the inputs that are committed (the inputs cannot
// change between comb's last run and the edge), so both are in S(t+1) again. Should the inputs
// change twice within one cycle (several delta cycles), probe is rebuilt by replaying the inputs
// committed since the last reset (slow but exact; counted in reevaluations()).
//
// The flags: overflow_o = fg_dbcf_overflow, done_o = fg_dbcf_empty of the registered state. The
// bank SRAMs (fg_sram_1r1w, no reset) are modelled beside the step model: at every rising edge
// each bank's read register takes row bank_rd_row_i (old contents), then the bank write of the
// committed step lands (not while rst_ni is low); bank_rd_data_o is the read register.
//
// Debug outputs beyond the RTL's ports (the "state" ports of the golden vectors): lfsr_o, the
// registered LFSR, empty_o, no word in any FIFO or buffer, and bank_rd_known_o: all W bits of
// bank b's field set where its read register holds a written cell (the RTL's SRAM holds an
// undefined value elsewhere, so a scoreboard compares bank_rd_data_o under this mask).
#ifndef FG_SC_DBCF_CMODEL_H
#define FG_SC_DBCF_CMODEL_H

#include "sc_bits.h"

extern "C" {
#include "fecforge/dbcf.h"
#include "fecforge/error.h"
#include "fecforge_gen/gen.h"
}

#include <systemc>

#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace fg_sc {

// Port value types of a DBCF module, taken from a class with the RTL's ports (the Verilated top).
template <class V> struct DbcfPortTypes {
    template <class Port> using data_t = typename std::remove_reference_t<Port>::data_type;
    using valid_t = data_t<decltype(V::lane_valid_i)>;
    using bank_t = data_t<decltype(V::lane_bank_i)>;
    using row_t = data_t<decltype(V::lane_row_i)>;
    using data_in_t = data_t<decltype(V::lane_data_i)>;
    using accept_new_t = data_t<decltype(V::accept_new_o)>;
    using accept_head_t = data_t<decltype(V::accept_head_o)>;
    using reject_t = data_t<decltype(V::reject_o)>;
    using fifo_level_t = data_t<decltype(V::fifo_level_o)>;
    using bank_we_t = data_t<decltype(V::bank_we_o)>;
    using bank_row_t = data_t<decltype(V::bank_row_o)>;
    using bank_data_t = data_t<decltype(V::bank_data_o)>;
    using buf_level_t = data_t<decltype(V::buf_level_o)>;
    using rd_row_t = data_t<decltype(V::bank_rd_row_i)>;
    using rd_data_t = data_t<decltype(V::bank_rd_data_o)>;
    using overflow_t = data_t<decltype(V::overflow_o)>;
    using done_t = data_t<decltype(V::done_o)>;
};

// Lane words <-> the packed input ports.
template <class Ty> struct LaneCodec {
    int P, BW, RW, W;
    void encode(const fg_dbcf_word *lane, typename Ty::valid_t &v, typename Ty::bank_t &b, typename Ty::row_t &r,
                typename Ty::data_in_t &d) const
    {
        for (int l = 0; l < P; l++) {
            set_bits(v, l, 1, lane[l].valid);
            set_bits(b, l * BW, BW, (uint64_t)(uint32_t)lane[l].bank);
            set_bits(r, l * RW, RW, (uint64_t)(uint32_t)lane[l].row);
            set_bits(d, l * W, W, (uint64_t)(uint32_t)lane[l].data);
        }
    }
    void decode(const typename Ty::valid_t &v, const typename Ty::bank_t &b, const typename Ty::row_t &r,
                const typename Ty::data_in_t &d, fg_dbcf_word *lane) const
    {
        for (int l = 0; l < P; l++) {
            lane[l].valid = (uint8_t)get_bits(v, l, 1);
            lane[l].bank = (int32_t)get_bits(b, l * BW, BW);
            lane[l].row = (int32_t)get_bits(r, l * RW, RW);
            lane[l].data = (int32_t)get_bits(d, l * W, W);
        }
    }
};

template <class Ty> class DbcfCModel : public sc_core::sc_module {
  public:
    sc_core::sc_in<bool> clk_i{"clk_i"};
    sc_core::sc_in<bool> rst_ni{"rst_ni"};
    sc_core::sc_in<typename Ty::valid_t> lane_valid_i{"lane_valid_i"};
    sc_core::sc_in<typename Ty::bank_t> lane_bank_i{"lane_bank_i"};
    sc_core::sc_in<typename Ty::row_t> lane_row_i{"lane_row_i"};
    sc_core::sc_in<typename Ty::data_in_t> lane_data_i{"lane_data_i"};
    sc_core::sc_in<typename Ty::rd_row_t> bank_rd_row_i{"bank_rd_row_i"};
    sc_core::sc_out<typename Ty::accept_new_t> accept_new_o{"accept_new_o"};
    sc_core::sc_out<typename Ty::accept_head_t> accept_head_o{"accept_head_o"};
    sc_core::sc_out<typename Ty::reject_t> reject_o{"reject_o"};
    sc_core::sc_out<typename Ty::fifo_level_t> fifo_level_o{"fifo_level_o"};
    sc_core::sc_out<typename Ty::bank_we_t> bank_we_o{"bank_we_o"};
    sc_core::sc_out<typename Ty::bank_row_t> bank_row_o{"bank_row_o"};
    sc_core::sc_out<typename Ty::bank_data_t> bank_data_o{"bank_data_o"};
    sc_core::sc_out<typename Ty::buf_level_t> buf_level_o{"buf_level_o"};
    sc_core::sc_out<typename Ty::rd_data_t> bank_rd_data_o{"bank_rd_data_o"};
    sc_core::sc_out<typename Ty::overflow_t> overflow_o{"overflow_o"};
    sc_core::sc_out<typename Ty::done_t> done_o{"done_o"};
    sc_core::sc_out<sc_dt::sc_uint<16>> lfsr_o{"lfsr_o"}; // debug: registered LFSR
    sc_core::sc_out<bool> empty_o{"empty_o"};             // debug: no word in any FIFO or buffer
    sc_core::sc_out<typename Ty::rd_data_t> bank_rd_known_o{"bank_rd_known_o"}; // debug: see above

    SC_HAS_PROCESS(DbcfCModel);
    // cfg: the network; dim: the RTL's port widths (fg_gen_dbcf_dims_of); bank_depth: rows per bank
    // SRAM. Throws on a bad cfg.
    DbcfCModel(sc_core::sc_module_name name, const fg_dbcf_cfg &cfg, const fg_gen_dbcf_dims &dim, int bank_depth)
        : sc_core::sc_module(name), cfg_(cfg), dim_(dim), codec_{cfg.pllr, dim.bank_w, dim.row_w, dim.data_w},
          in_((size_t)cfg.pllr), probe_in_((size_t)cfg.pllr), depth_(bank_depth),
          mem_((size_t)cfg.banks * (size_t)(bank_depth > 0 ? bank_depth : 1), 0),
          written_(mem_.size(), 0), rd_((size_t)cfg.banks, 0), rd_ok_((size_t)cfg.banks, 0)
    {
        if (fg_dbcf_create(&cfg_, &live_) || fg_dbcf_create(&cfg_, &probe_))
            throw std::runtime_error(std::string("fg_dbcf_create: ") + fg_last_error());
        SC_METHOD(comb);
        sensitive << lane_valid_i << lane_bank_i << lane_row_i << lane_data_i << commit_ev_;
        SC_METHOD(seq);
        sensitive << clk_i.pos();
        dont_initialize();
    }
    ~DbcfCModel() override
    {
        fg_dbcf_destroy(live_);
        fg_dbcf_destroy(probe_);
    }
    DbcfCModel(const DbcfCModel &) = delete;
    DbcfCModel &operator=(const DbcfCModel &) = delete;

    long reevaluations() const { return reevals_; }
    // Test of the scoreboard: invert reject_o[0] in cycle n (from 0) after every reset; n < 0: never.
    void inject_fault(long n) { fault_at_ = n; }

  private:
    fg_dbcf_cfg cfg_;
    fg_gen_dbcf_dims dim_;
    LaneCodec<Ty> codec_;
    fg_dbcf *live_ = nullptr, *probe_ = nullptr;
    std::vector<fg_dbcf_word> in_, probe_in_;
    std::vector<fg_dbcf_word> history_; // inputs committed since the last reset, P per cycle
    bool probe_dirty_ = false;          // probe was stepped this cycle with probe_in_
    long reevals_ = 0, commits_ = 0, fault_at_ = -1;
    sc_core::sc_event commit_ev_;
    // bank SRAMs: cells bank*depth+row, the read registers
    int depth_;
    std::vector<uint64_t> mem_;
    std::vector<uint8_t> written_;
    std::vector<uint64_t> rd_;
    std::vector<uint8_t> rd_ok_;

    // The SRAM edge: every bank reads its row (old contents); then the step's writes land.
    void sram_edge(const fg_dbcf_out *o)
    {
        const int M = cfg_.banks, RW = dim_.row_w, W = dim_.data_w;
        const auto &rows = bank_rd_row_i.read();
        for (int b = 0; b < M; b++) {
            const uint64_t row = get_bits(rows, b * RW, RW);
            const size_t cell = (size_t)b * (size_t)depth_ + (size_t)row;
            const bool ok = row < (uint64_t)depth_ && written_[cell];
            rd_[(size_t)b] = ok ? mem_[cell] : 0;
            rd_ok_[(size_t)b] = ok;
        }
        for (int b = 0; o && b < M; b++) {
            const fg_dbcf_word &w = o->bank_write_M[b];
            if (!w.valid || w.row < 0 || w.row >= depth_)
                continue;
            const size_t cell = (size_t)b * (size_t)depth_ + (size_t)w.row;
            mem_[cell] = (uint64_t)(uint32_t)w.data & low_mask(W);
            written_[cell] = 1;
        }
    }

    void read_inputs(std::vector<fg_dbcf_word> &lane)
    {
        codec_.decode(lane_valid_i.read(), lane_bank_i.read(), lane_row_i.read(), lane_data_i.read(), lane.data());
        for (fg_dbcf_word &w : lane)
            if (w.bank >= cfg_.banks) {
                // Outside the model's contract on a valid lane (it indexes its banks with it); the
                // model ignores an idle lane's fields, so they are only kept in range.
                if (w.valid)
                    SC_REPORT_ERROR(name(), "lane_bank_i >= M on a valid lane: outside the model's contract");
                w.bank = 0;
            }
    }
    static bool same(const std::vector<fg_dbcf_word> &a, const std::vector<fg_dbcf_word> &b)
    {
        for (size_t i = 0; i < a.size(); i++)
            if (a[i].valid != b[i].valid || a[i].bank != b[i].bank || a[i].row != b[i].row || a[i].data != b[i].data)
                return false;
        return true;
    }
    void rebuild_probe() // probe := S(t), by replaying the committed inputs since the reset
    {
        fg_dbcf_out o;
        fg_dbcf_reset(probe_);
        for (size_t c = 0; c < history_.size(); c += (size_t)cfg_.pllr)
            fg_dbcf_step(probe_, &history_[c], &o);
        reevals_++;
    }
    void comb()
    {
        read_inputs(in_);
        if (probe_dirty_) {
            if (same(in_, probe_in_))
                return;
            rebuild_probe();
        }
        fg_dbcf_out out;
        fg_dbcf_step(probe_, in_.data(), &out);
        probe_in_ = in_;
        probe_dirty_ = true;

        const int P = cfg_.pllr, M = cfg_.banks, RW = dim_.row_w, W = dim_.data_w, CW = dim_.count_w;
        auto an = zero<typename Ty::accept_new_t>();
        auto ah = zero<typename Ty::accept_head_t>();
        auto rj = zero<typename Ty::reject_t>();
        auto fl = zero<typename Ty::fifo_level_t>();
        for (int l = 0; l < P; l++) {
            set_bits(an, l, 1, out.accept_new_P[l]);
            set_bits(ah, l, 1, out.accept_head_P[l]);
            set_bits(rj, l, 1, out.reject_P[l]);
            set_bits(fl, l * CW, CW, (uint64_t)fg_dbcf_fifo_level(live_, l)); // registered: before the step
        }
        if (commits_ == fault_at_)
            set_bits(rj, 0, 1, get_bits(rj, 0, 1) ^ 1u);
        auto we = zero<typename Ty::bank_we_t>();
        auto row = zero<typename Ty::bank_row_t>();
        auto data = zero<typename Ty::bank_data_t>();
        auto bl = zero<typename Ty::buf_level_t>();
        for (int b = 0; b < M; b++) {
            const fg_dbcf_word &w = out.bank_write_M[b];
            set_bits(we, b, 1, w.valid);
            if (w.valid) { // the RTL drives row and data 0 when the bank does not write
                set_bits(row, b * RW, RW, (uint64_t)(uint32_t)w.row);
                set_bits(data, b * W, W, (uint64_t)(uint32_t)w.data);
            }
            set_bits(bl, b * CW, CW, (uint64_t)fg_dbcf_buf_level(live_, b));
        }
        accept_new_o.write(an);
        accept_head_o.write(ah);
        reject_o.write(rj);
        fifo_level_o.write(fl);
        bank_we_o.write(we);
        bank_row_o.write(row);
        bank_data_o.write(data);
        buf_level_o.write(bl);
        lfsr_o.write(fg_dbcf_lfsr(live_));
        empty_o.write(fg_dbcf_empty(live_) != 0);
        overflow_o.write(fg_dbcf_overflow(live_) != 0);
        done_o.write(fg_dbcf_empty(live_) != 0);
        auto rd = zero<typename Ty::rd_data_t>();
        auto known = zero<typename Ty::rd_data_t>();
        for (int b = 0; b < M; b++) {
            set_bits(rd, b * W, W, rd_[(size_t)b]);
            set_bits(known, b * W, W, rd_ok_[(size_t)b] ? low_mask(W) : 0);
        }
        bank_rd_data_o.write(rd);
        bank_rd_known_o.write(known);
    }
    void seq()
    {
        if (!rst_ni.read()) {
            sram_edge(nullptr); // the SRAM has no reset: it reads; the write enable is gated by rst_ni
            fg_dbcf_reset(live_);
            fg_dbcf_reset(probe_);
            history_.clear();
            commits_ = 0;
        } else {
            read_inputs(in_); // the values at the edge (written before it)
            fg_dbcf_out o;
            fg_dbcf_step(live_, in_.data(), &o);
            sram_edge(&o);
            if (!probe_dirty_)
                fg_dbcf_step(probe_, in_.data(), &o);
            else if (!same(in_, probe_in_)) {
                rebuild_probe();
                fg_dbcf_step(probe_, in_.data(), &o);
            }
            history_.insert(history_.end(), in_.begin(), in_.end());
            commits_++;
        }
        probe_dirty_ = false;
        commit_ev_.notify(sc_core::SC_ZERO_TIME);
    }
};

} // namespace fg_sc

#endif
