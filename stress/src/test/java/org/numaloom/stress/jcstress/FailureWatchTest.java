package org.numaloom.stress.jcstress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The watch over jcstress's console that ends a run at its first failure (lines as jcstress 0.16 prints them). */
class FailureWatchTest {

    @Test
    void aProgressLineWithAFailedTestOrAHardErrorIsAFailure() {
        assertTrue(FailureWatch.reportsAFailure("(Results: 36 planned; 5 passed, 1 failed, 0 soft errs, 0 hard errs)"));
        assertTrue(FailureWatch.reportsAFailure("(Results: 36 planned; 0 passed, 0 failed, 0 soft errs, 1 hard errs)"));
    }

    @Test
    void aProgressLineWithNeitherIsNot() {
        assertFalse(FailureWatch.reportsAFailure("(Results: 36 planned; 12 passed, 0 failed, 3 soft errs, 0 hard errs)"));
        assertFalse(FailureWatch.reportsAFailure("(JVMs: 0 starting, 1 running, 0 finishing)"));
    }

    @Test
    void aVerdictLineNamesItsStatusAndTestUnlessItIsOk() {
        assertEquals("ERROR org.numaloom.stress.jcstress.generated.NUMA_MCS.Visibility",
                FailureWatch.verdictOf("....... [ERROR] org.numaloom.stress.jcstress.generated.NUMA_MCS.Visibility"));
        assertNull(FailureWatch.verdictOf("----- [OK] Trying to set global affinity with taskset"));
        assertNull(FailureWatch.verdictOf("(Results: 36 planned; 0 passed, 0 failed, 0 soft errs, 1 hard errs)"));
    }

    /**
     * Everything reaches the console unchanged, and the owner hears of the first failure once,
     * with the verdict line before it.
     */
    @Test
    void theConsoleGetsEveryByteAndTheOwnerTheFirstFailureOnce() {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        List<String> told = new ArrayList<>();
        PrintStream watched = new PrintStream(new FailureWatch(console, told::add), true, StandardCharsets.UTF_8);
        String output = """
                (Results: 36 planned; 1 passed, 0 failed, 0 soft errs, 0 hard errs)
                ..... [TIMEOUT] org.numaloom.stress.jcstress.generated.NUMA_MCS.Visibility
                (Results: 36 planned; 1 passed, 0 failed, 0 soft errs, 1 hard errs)
                (Results: 36 planned; 3 passed, 1 failed, 0 soft errs, 1 hard errs)
                """;
        watched.print(output.substring(0, 70));
        assertEquals(List.of(), told, "told before the line that counts a failure");
        watched.print(output.substring(70));
        assertEquals(output, console.toString(StandardCharsets.UTF_8));
        assertEquals(List.of("TIMEOUT org.numaloom.stress.jcstress.generated.NUMA_MCS.Visibility"), told);
    }
}
