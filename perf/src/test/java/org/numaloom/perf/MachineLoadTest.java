package org.numaloom.perf;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The load of other work during a run, from /proc's counters, and the report's line about it. */
class MachineLoadTest {

    /** user nice system idle iowait irq softirq steal guest guest_nice: idle, iowait and guest are not added. */
    @Test
    void theBusyTicksOfAllCpusLeaveIdleIowaitAndGuestOut() {
        assertEquals(1 + 2 + 3 + 6 + 7 + 8, MachineLoad.busyTicks("cpu  1 2 3 4000 5000 6 7 8 9000 10000"));
        assertThrows(IllegalArgumentException.class, () -> MachineLoad.busyTicks("cpu0 1 2 3 4 5 6 7 8 9 10"));
    }

    /** utime, stime, cutime and cstime are fields 14 to 17; the command name may hold blanks and parentheses. */
    @Test
    void ownTicksAreThisProcessAndItsReapedChildren() {
        String stat = "4242 (java (main) x) S 1 4242 4242 0 -1 4194560 100 200 0 0 11 22 33 44 20 0 30 0 99 123 456";
        assertEquals(11 + 22 + 33 + 44, MachineLoad.ownTicks(stat));
    }

    /** Two seconds; the machine busy 300 ticks, 100 of them this run's: one CPU's worth of other work. */
    @Test
    void otherWorkIsTheMachinesBusyTimeLessOursOverTheWallClock() {
        MachineLoad.Sample before = new MachineLoad.Sample(1_000, 500, 5_000_000_000L);
        MachineLoad.Sample after = new MachineLoad.Sample(1_300, 600, 7_000_000_000L);
        assertEquals(1.0, MachineLoad.otherCpus(before, after), 1e-9);
        assertEquals(0.0, MachineLoad.otherCpus(before, new MachineLoad.Sample(1_090, 600, 7_000_000_000L)), 1e-9,
                "ticks are counted apart, so ours may run ahead of the machine's by a tick or two: never below 0");
        assertTrue(Double.isNaN(MachineLoad.otherCpus(MachineLoad.Sample.UNKNOWN, after)));
    }

    @Test
    void theReportNamesTheRunsThatOtherWorkHeldAQuarterOfACpuOrMore() {
        assertEquals("Other work on the machine (the CPU time of every process but this run's JVMs, over each JMH run): "
                + "at most 0.04 CPUs during any run", MachineLoad.describe(List.of(
                new MachineLoad.RunLoad("text SYNCHRONIZED round 1", 0.04), new MachineLoad.RunLoad("calibration", Double.NaN))));
        assertEquals("Other work on the machine (the CPU time of every process but this run's JVMs, over each JMH run): "
                + "0.97 CPUs during text SYNCHRONIZED round 3, 0.25 CPUs during text NUMA_MCS round 1; a ratio of such a"
                + " run's round weighs that load as much as the locks: rerun on a quiet machine", MachineLoad.describe(List.of(
                new MachineLoad.RunLoad("text SYNCHRONIZED round 3", 0.97), new MachineLoad.RunLoad("text MCS round 2", 0.24),
                new MachineLoad.RunLoad("text NUMA_MCS round 1", 0.25))));
        assertTrue(MachineLoad.describe(List.of(new MachineLoad.RunLoad("calibration", Double.NaN))).endsWith(": not measured"
                + " (no /proc/stat and /proc/self/stat to read)"));
    }

    /** On this project's machines (Linux) the files read, and a sample is not the unknown one. */
    @Test
    void theMachineCanBeSampledHere() {
        MachineLoad.Sample now = MachineLoad.now();
        assertTrue(now.busyTicks() > 0 && now.ownTicks() >= 0, now.toString());
    }
}
