package org.numaloom.perf;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BenchArgsTest {

    @Test
    void defaults() {
        BenchArgs args = BenchArgs.parse();
        assertEquals(List.of(Setting.HIGH), args.settings());
        assertEquals(List.of("NUMA_MCS", "MCS", "UNFAIR_REENTRANT", "SYNCHRONIZED"), args.locks());
        assertEquals(List.of(2, 4, 16, 64), args.threads());
        assertFalse(args.quick());
        assertEquals(Optional.empty(), args.out());
        assertFalse(args.help());
        assertEquals(5, args.warmupIterations());
        assertEquals(10, args.measurementIterations());
    }

    @Test
    void everyOption() {
        BenchArgs args = BenchArgs.parse("--setting", "HIGH", "--lock", "mcs", "--threads", "64,2,2", "--quick",
                "--out", "somewhere", "--help");
        assertEquals(List.of(Setting.HIGH), args.settings());
        assertEquals(List.of("MCS", "UNFAIR_REENTRANT", "SYNCHRONIZED"), args.locks());
        assertEquals(List.of(2, 64), args.threads());
        assertTrue(args.quick());
        assertEquals(Optional.of(Path.of("somewhere")), args.out());
        assertTrue(args.help());
        assertEquals(2, args.warmupIterations());
        assertEquals(4, args.measurementIterations());
    }

    @Test
    void locksAccumulateAndBaselinesAreAddedOnce() {
        BenchArgs args = BenchArgs.parse("--lock", "SYNCHRONIZED,fair_reentrant", "--lock", "NUMA_MCS");
        assertEquals(List.of("SYNCHRONIZED", "FAIR_REENTRANT", "NUMA_MCS", "UNFAIR_REENTRANT"), args.locks());
    }

    @Test
    void lowSetting() {
        assertEquals(List.of(Setting.LOW), BenchArgs.parse("--setting", "low").settings());
        assertEquals(List.of(Setting.HIGH, Setting.LOW), BenchArgs.parse("--setting", "both").settings());
    }

    @Test
    void unknownOption() {
        assertEquals("unknown option '--fast'", failure("--fast"));
    }

    @Test
    void unknownLockGivesTheRegistryMessageWithSynchronized() {
        String message = failure("--lock", "NUMA_MSC");
        assertTrue(message.startsWith("unknown lock 'NUMA_MSC'; known locks: SYNCHRONIZED, NUMA_MCS, CNA, MCS"), message);
    }

    @Test
    void threadCountThatIsNotANumber() {
        String message = failure("--threads", "2,four");
        assertTrue(message.contains("'four' is not a number"), message);
        assertTrue(message.contains("expected whole numbers >= 1"), message);
    }

    @Test
    void threadCountBelowOne() {
        String message = failure("--threads", "0");
        assertTrue(message.contains("--threads value 0 is too small"), message);
        assertTrue(message.contains(">= 1"), message);
    }

    @Test
    void unknownSetting() {
        assertEquals("--setting 'medium' is not a setting; expected high, low or both", failure("--setting", "medium"));
    }

    @Test
    void optionWithoutValue() {
        assertEquals("option --lock needs a value", failure("--lock"));
        assertEquals("option --threads needs a value", failure("--threads", "--quick"));
    }

    @Test
    void usageListsTheKnownNames() {
        assertTrue(BenchArgs.usage().contains(String.join(", ", Exclusion.names())));
    }

    private static String failure(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> BenchArgs.parse(args)).getMessage();
    }
}
