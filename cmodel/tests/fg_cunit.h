/* Shared helpers for the CUnit suites. Each test_<suite>.c defines fg_test_register(),
 * which adds its suites and tests; fg_cunit_main.c runs them and exits non-zero on failure. */
#ifndef FG_CUNIT_H
#define FG_CUNIT_H
#include <CUnit/CUnit.h>

void fg_test_register(void);

/* Add a suite with the given tests (NULL-terminated list of {name, fn}). */
typedef struct { const char *name; CU_TestFunc fn; } fg_test_case;
void fg_add_suite(const char *suite, const fg_test_case *cases);

#endif
