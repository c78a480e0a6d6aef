// Copied from rtl/lib/fg_lfsr16.v by fecforge gen V (git HASH). Do not edit.
