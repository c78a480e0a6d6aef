// Copied from rtl/lib/fg_turbo_core_xbar.v by fecforge gen V (git HASH). Do not edit.
