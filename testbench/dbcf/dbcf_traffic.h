// DBCF verification traffic, shared by the Verilator harness (tb_dbcf.cpp) and the SystemC
// co-simulation (testbench/systemc/cosim_dbcf.cpp), so both drive exactly the same words:
//  - the half-iterations: UMTS/LTE blocks, both directions, several bank mappings and stalling
//    producers, driven through fg_dbcf_half_iteration's observer (the lane schedule is the
//    model's own);
//  - random traffic: phases of random load, a third of them with every lane aimed at one or two
//    hot banks, garbage on idle lanes, and a reset with words in flight half-way.
// Header-only (C++17); needs libfecforge.
#ifndef FG_TB_DBCF_TRAFFIC_H
#define FG_TB_DBCF_TRAFFIC_H

extern "C" {
#include "fecforge/dbcf.h"
#include "fecforge/interleaver.h"
#include "fecforge/xmap_schedule.h"
}

#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

namespace fg_tb {

// One half-iteration of the verification set (run in both directions).
struct HalfIterationRun {
    fg_std std;
    int K;
    fg_bank_mapping map;
    int stall;
};

inline const std::vector<HalfIterationRun> &half_iteration_runs()
{
    static const std::vector<HalfIterationRun> runs = {
        {FG_STD_UMTS, 5114, FG_MAP_XMAP, 0}, {FG_STD_UMTS, 5114, FG_MAP_XMAP_XOR, 0},
        {FG_STD_UMTS, 40, FG_MAP_MOD, 0},    {FG_STD_LTE, 6144, FG_MAP_XMAP_XOR, 0},
        {FG_STD_LTE, 6144, FG_MAP_MOD, 0},   {FG_STD_UMTS, 5114, FG_MAP_XMAP, 1}};
    return runs;
}

// "UMTS K=5114 interleave xmap" (+ " stalling").
inline std::string half_iteration_name(const HalfIterationRun &r, int dir)
{
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s K=%d %s %s%s", fg_std_name(r.std), r.K, fg_direction_name((fg_direction)dir),
                  fg_bank_mapping_name(r.map), r.stall ? " stalling" : "");
    return buf;
}

// Drive one half-iteration of network cfg (its stall field replaced by the run's) through
// fg_dbcf_half_iteration; obs is called once per cycle. Returns 0, or a negative FG_E* code with
// *what naming the failing step ("setup", "half-iteration"); the message is fg_last_error().
inline int run_half_iteration(const fg_dbcf_cfg &base, const HalfIterationRun &r, int dir, fg_dbcf_observer obs,
                              void *user, fg_dbcf_result *res, const char **what)
{
    fg_xmap_schedule s;
    fg_bank_map map;
    std::vector<int32_t> addr((size_t)r.K);
    fg_dbcf_cfg cfg = base;
    cfg.stall = r.stall;
    int rc = fg_xmap_schedule_init(&s, r.K, cfg.pllr);
    if (!rc)
        rc = fg_bank_map_init(&map, r.map, cfg.banks, &s);
    if (!rc)
        rc = fg_write_addresses(r.std, r.K, (fg_direction)dir, addr.data());
    if (rc) {
        *what = "setup";
        return rc;
    }
    rc = fg_dbcf_half_iteration(&cfg, &map, addr.data(), obs, user, res);
    if (rc)
        *what = "half-iteration";
    return rc;
}

// Random traffic for `cycles` cycles from `seed`. next(c, lane_P) fills cycle c's lane words
// (bank always < M, row below 2^row_w, data below 2^data_w); reset_before(c) says that the
// network is to be reset before cycle c is driven (once, half-way, with words in flight).
class RandomTraffic {
  public:
    RandomTraffic(const fg_dbcf_cfg &cfg, int row_w, int data_w, unsigned seed, long cycles)
        : P_(cfg.pllr), M_(cfg.banks), rows_(1u << row_w), dmask_(data_w == 32 ? ~0u : (1u << data_w) - 1),
          cycles_(cycles), rng_(seed)
    {
    }
    long cycles() const { return cycles_; }
    bool reset_before(long c) const { return c == cycles_ / 2; }
    void next(long c, fg_dbcf_word *lane)
    {
        if (c % 250 == 0) {
            load_ = std::uniform_real_distribution<double>(0.0, 1.0)(rng_);
            if (c % 1000 == 0)
                load_ = 1.0;
            hot_ = (int)(rng_() % 3) == 0; // a third of the phases: every lane to one or two banks
            hot_banks_ = 1 + (int)(rng_() % 2);
        }
        const int hb = (int)(rng_() % (uint32_t)M_);
        for (int l = 0; l < P_; l++) {
            fg_dbcf_word &w = lane[l];
            w.valid = std::uniform_real_distribution<double>(0.0, 1.0)(rng_) < load_;
            w.bank = hot_ ? (hb + (int)(rng_() % (uint32_t)hot_banks_)) % M_ : (int)(rng_() % (uint32_t)M_);
            w.row = (int32_t)(rng_() % rows_);
            w.data = (int32_t)(rng_() & dmask_);
            if (!w.valid) // the RTL must ignore these; keep them in range of the ports
                w.bank = (int)(rng_() % (uint32_t)M_);
        }
    }

  private:
    int P_, M_;
    uint32_t rows_, dmask_;
    long cycles_;
    std::mt19937 rng_;
    double load_ = 1.0;
    int hot_ = 0, hot_banks_ = 1;
};

// The random phase is a weak test unless it rejected words and filled every FIFO and buffer to
// its depth (with S = 1 a bank admits one word and writes one: its buffer stays empty).
inline bool random_coverage_ok(const fg_dbcf_cfg &cfg, long rejects, int max_fifo, int max_buf)
{
    return rejects > 0 && max_fifo == cfg.fifo_depth && max_buf == (cfg.select > 1 ? cfg.buf_depth : 0);
}

} // namespace fg_tb

#endif
