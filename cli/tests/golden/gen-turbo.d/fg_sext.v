// Copied from rtl/lib/fg_sext.v by fecforge gen V (git HASH). Do not edit.
