// Copied from rtl/lib/fg_turbo_core_map.v by fecforge gen V (git HASH). Do not edit.
