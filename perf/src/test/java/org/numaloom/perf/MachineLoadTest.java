package org.numaloom.perf;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
        MachineLoad.Sample before = new MachineLoad.Sample(1_000, 500, 5_000_000_000L, 2);
        MachineLoad.Sample after = new MachineLoad.Sample(1_300, 600, 7_000_000_000L, 2);
        assertEquals(1.0, MachineLoad.otherCpus(before, after), 1e-9);
        assertEquals(0.0, MachineLoad.otherCpus(before, new MachineLoad.Sample(1_090, 600, 7_000_000_000L, 2)), 1e-9,
                "ticks are counted apart, so ours may run ahead of the machine's by a tick or two: never below 0");
        assertTrue(Double.isNaN(MachineLoad.otherCpus(MachineLoad.Sample.UNKNOWN, after)));
        assertTrue(Double.isNaN(MachineLoad.otherCpus(before, new MachineLoad.Sample(1_001, 500, 5_000_250_000L, 2))),
                "one tick in a quarter of a millisecond is not 40 CPUs: too short a run has no load");
        assertEquals(2.0, MachineLoad.otherCpus(before, new MachineLoad.Sample(1_900, 500, 7_000_000_000L, 2)), 1e-9,
                "ticks counted apart never make more CPUs than the machine has");
    }

    /** An eighth of the machine: a quarter of a CPU of 2, two of 16. */
    @Test
    void theReportNamesTheRunsThatOtherWorkHeldAnEighthOfTheMachineDuring() {
        String what = "Other work on the machine (busy CPU time not spent by this run's JVMs, steal included, averaged over"
                + " each JMH run)";
        assertEquals(what + " on its 2 CPUs: at most 0.04 CPUs during any run", MachineLoad.describe(List.of(
                load("text-statistics SYNCHRONIZED (round 1 of 4)", 0.04, 2), load("calibration costs", Double.NaN, 2))));
        assertEquals(what + " on its 2 CPUs: 0.97 CPUs during text-statistics SYNCHRONIZED (round 3 of 4), 0.25 CPUs during"
                + " text-statistics NUMA_MCS (round 1 of 4); the ratios of these runs' rounds may show that load rather than the"
                + " locks: rerun on a quiet machine", MachineLoad.describe(List.of(
                load("text-statistics SYNCHRONIZED (round 3 of 4)", 0.97, 2), load("text-statistics MCS (round 2 of 4)", 0.24, 2),
                load("text-statistics NUMA_MCS (round 1 of 4)", 0.25, 2))));
        assertEquals(what + " on its 16 CPUs: at most 1.50 CPUs during any run", MachineLoad.describe(List.of(
                load("text-statistics SYNCHRONIZED (round 3 of 4)", 1.5, 16))));
        assertEquals(what + ": not measured (no /proc/stat and /proc/self/stat to read, or no run lasted half a second)",
                MachineLoad.describe(List.of(load("calibration costs", Double.NaN, 0))));
        assertEquals(what + ": none measured, no JMH run ended", MachineLoad.describe(List.of()));
    }

    private static MachineLoad.RunLoad load(String run, double otherCpus, int machineCpus) {
        return new MachineLoad.RunLoad(run, otherCpus, machineCpus);
    }

    /** Where /proc reads (Linux), a sample is not the unknown one and counts this machine's CPUs. */
    @Test
    void theMachineCanBeSampledWhereProcReads() {
        assumeTrue(Files.isReadable(Path.of("/proc/stat")) && Files.isReadable(Path.of("/proc/self/stat")), "no /proc");
        MachineLoad.Sample now = MachineLoad.now();
        assertTrue(now.busyTicks() > 0 && now.ownTicks() >= 0, now.toString());
        assertTrue(now.cpus() >= Runtime.getRuntime().availableProcessors(), "the JVM is given no more than the machine's "
                + now.cpus() + " CPUs");
    }
}
