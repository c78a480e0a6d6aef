// Copied from rtl/lib/fg_wrap.v by fecforge gen V (git HASH). Do not edit.
