package org.numaloom.locks;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The tuning properties: a value in range is taken, none gives the default, anything else is
 * refused by name, and a refused value stops only the locks built with the default tuning.
 */
class TuningTest {
    @Test
    void anAbsentPropertyGivesTheDefault() {
        assertEquals(20_000L, Tuning.nanos(properties(Map.of()), "numaloom.leaderSpinNanos", 20_000L).checked());
        assertEquals(64, Tuning.count(properties(Map.of()), "numaloom.handOffBound", 1, 64).checked());
    }

    @Test
    void aValueInRangeIsTaken() {
        UnaryOperator<String> set = properties(Map.of("numaloom.leaderSpinNanos", "0", "numaloom.handOffBound", " 1 "));
        assertEquals(0L, Tuning.nanos(set, "numaloom.leaderSpinNanos", 20_000L).checked());
        assertEquals(1, Tuning.count(set, "numaloom.handOffBound", 1, 64).checked());
    }

    @Test
    void aValueThatIsNotAWholeNumberIsRefusedByNameAndTheDefaultKept() {
        Tuning.Setting setting = Tuning.count(properties(Map.of("numaloom.handOffBound", "1k")), "numaloom.handOffBound", 1, 64);
        assertEquals(64, setting.value(), "what the DEFAULT_ constant holds");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, setting::checked);
        assertEquals("-Dnumaloom.handOffBound=1k is not a whole number, 1 or more; give such a value,"
                + " or leave the property out for the default, 64", e.getMessage());
    }

    @Test
    void aValueBelowTheLeastIsRefused() {
        assertThrows(IllegalArgumentException.class,
                Tuning.nanos(properties(Map.of("numaloom.leaderSpinNanos", "-1")), "numaloom.leaderSpinNanos", 20_000L)::checked);
        assertThrows(IllegalArgumentException.class,
                Tuning.count(properties(Map.of("numaloom.handOffBound", "0")), "numaloom.handOffBound", 1, 64)::checked);
        assertEquals(0, Tuning.count(properties(Map.of("numaloom.cohortPassBound", "0")), "numaloom.cohortPassBound", 0, 64).checked());
    }

    @Test
    void aCountBeyondAnIntIsRefusedRatherThanWrapped() {
        assertThrows(IllegalArgumentException.class,
                Tuning.count(properties(Map.of("numaloom.handOffBound", "4294967297")), "numaloom.handOffBound", 1, 64)::checked);
    }

    /**
     * In a JVM started with a bad {@code numaloom.handOffBound}: the lock classes load, a lock built
     * with the default tuning is refused with the property's message, one built with its own bound
     * is not, and a lock that does not read the property (MCS) is not.
     */
    @Test
    void aRefusedPropertyStopsOnlyTheLocksThatWouldUseIt() throws Exception {
        List<String> options = new ArrayList<>(ChildJvm.kitFlags());
        options.add("-Dnumaloom.handOffBound=1k");
        ChildJvm.Result result = ChildJvm.run(BuildLocks.class, options, 60);
        assertFalse(result.hung(), "the child JVM did not finish");
        assertEquals(0, result.exitCode(), result.output());
        assertTrue(printedLine(result, "NUMA_MCS refused: -Dnumaloom.handOffBound=1k is not a whole number"), result.output());
        assertTrue(printedLine(result, "CNA refused: -Dnumaloom.handOffBound=1k is not a whole number"), result.output());
        assertTrue(printedLine(result, "NUMA_MCS with its own tuning built"), result.output());
        assertTrue(printedLine(result, "MCS built"), result.output());
    }

    /** The child JVM of the refusal test: builds each kind of lock and says what happened. */
    public static final class BuildLocks {
        private BuildLocks() {
        }

        public static void main(String[] args) {
            report("NUMA_MCS", NumaMcsLock::new);
            report("CNA", CnaLock::new);
            report("NUMA_MCS with its own tuning", () -> new NumaMcsLock(NodeLocator.current(), 0, 8));
            report("MCS", McsLock::new);
        }

        private static void report(String name, Runnable build) {
            try {
                build.run();
                System.out.println(name + " built");
            } catch (IllegalArgumentException e) {
                System.out.println(name + " refused: " + e.getMessage());
            }
        }
    }

    /** Whether the child printed a line that begins with {@code start}: "MCS built" is not "NUMA_MCS built". */
    private static boolean printedLine(ChildJvm.Result result, String start) {
        return result.output().lines().anyMatch(line -> line.startsWith(start));
    }

    private static UnaryOperator<String> properties(Map<String, String> values) {
        return values::get;
    }
}
