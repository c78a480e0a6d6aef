// Copied from rtl/lib/fg_scale075.v by fecforge gen V (git HASH). Do not edit.
