// Copied from rtl/lib/fg_scale.v by fecforge gen V (git HASH). Do not edit.
