// Copied from rtl/lib/fg_dbcf_dest.v by fecforge gen V (git HASH). Do not edit.
