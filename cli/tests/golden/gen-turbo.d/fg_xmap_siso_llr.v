// Copied from rtl/lib/fg_xmap_siso_llr.v by fecforge gen V (git HASH). Do not edit.
