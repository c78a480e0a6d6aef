fg_iag_lte_p64.v
fg_mulmod.v
fg_addmod.v
