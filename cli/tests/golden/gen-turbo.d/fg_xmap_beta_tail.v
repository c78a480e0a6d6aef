// Copied from rtl/lib/fg_xmap_beta_tail.v by fecforge gen V (git HASH). Do not edit.
