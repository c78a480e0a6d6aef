// Copied from rtl/lib/fg_dbcf_bank.v by fecforge gen V (git HASH). Do not edit.
