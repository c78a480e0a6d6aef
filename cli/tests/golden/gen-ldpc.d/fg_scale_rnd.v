// Copied from rtl/lib/fg_scale_rnd.v by fecforge gen V (git HASH). Do not edit.
