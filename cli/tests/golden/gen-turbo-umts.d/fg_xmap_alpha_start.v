// Copied from rtl/lib/fg_xmap_alpha_start.v by fecforge gen V (git HASH). Do not edit.
