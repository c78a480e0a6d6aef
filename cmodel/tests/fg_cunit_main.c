#include "fg_cunit.h"
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>

void fg_add_suite(const char *suite, const fg_test_case *cases)
{
    CU_pSuite s = CU_add_suite(suite, NULL, NULL);
    if (!s) {
        fprintf(stderr, "cannot add suite %s: %s\n", suite, CU_get_error_msg());
        exit(2);
    }
    for (; cases->name; cases++)
        if (!CU_add_test(s, cases->name, cases->fn)) {
            fprintf(stderr, "cannot add test %s: %s\n", cases->name, CU_get_error_msg());
            exit(2);
        }
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    fg_test_register();
    CU_basic_set_mode(CU_BRM_NORMAL);
    CU_basic_run_tests();
    unsigned failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
    unsigned ran = CU_get_number_of_tests_run();
    CU_cleanup_registry();
    if (ran == 0) {
        fprintf(stderr, "no test ran\n");
        return 1;
    }
    return failed ? 1 : 0;
}
