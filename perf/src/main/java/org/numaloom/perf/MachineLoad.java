package org.numaloom.perf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How much of the machine other work held while each JMH run measured: the CPU time of every
 * process but this runner and its forks, over the run's wall-clock time, in CPUs (1.0 is one
 * core's worth, all the time). On this project's 2-core machine the text statistics of one lock
 * ran twice as long in some rounds as in others, fork after fork, as if a core had been taken; a
 * round whose lock and baseline ran under different load compares the load, not the locks, and
 * nothing in the throughputs says so. This does.
 *
 * <p>Read from Linux's {@code /proc/stat} (the busy time of all CPUs, the hypervisor's steal
 * included) and {@code /proc/self/stat} (this JVM's CPU time and that of its reaped children: JMH
 * waits for each fork it starts, so a run's forks are in it once the run returns). The forks' JVM
 * start-up and warm-up are inside the run's time, as is the load they met. Where the files do not
 * read (not Linux), the load is unknown and the report says so.
 */
final class MachineLoad {
    /** Clock ticks per second of the times in {@code /proc}: USER_HZ, 100 on Linux whatever the kernel's HZ. */
    static final double TICKS_PER_SECOND = 100;
    /** A run that other work held this many CPUs or more during is named in the report. */
    static final double NOTABLE_CPUS = 0.25;

    /** The machine's busy ticks and this process's own (with its reaped children's), at a moment. */
    record Sample(long busyTicks, long ownTicks, long nanoTime) {
        /** A sample where {@code /proc} does not read: every load computed from it is unknown. */
        static final Sample UNKNOWN = new Sample(-1, -1, 0);
    }

    /** What other work held during one run: CPUs, NaN if unknown. */
    record RunLoad(String run, double otherCpus) {
    }

    private MachineLoad() {
    }

    /** A sample of the machine now; {@link Sample#UNKNOWN} where {@code /proc} does not read. */
    static Sample now() {
        try {
            return new Sample(busyTicks(Files.readAllLines(Path.of("/proc/stat")).get(0)),
                    ownTicks(Files.readString(Path.of("/proc/self/stat"))), System.nanoTime());
        } catch (IOException | RuntimeException unreadable) {
            return Sample.UNKNOWN;
        }
    }

    /**
     * The busy ticks of the first line of {@code /proc/stat}, all CPUs together: user, nice,
     * system, irq, softirq and steal (guest time is inside user already; idle and iowait are not
     * busy).
     */
    static long busyTicks(String cpuLine) {
        String[] f = cpuLine.trim().split("\\s+");
        if (!f[0].equals("cpu") || f.length < 9) {
            throw new IllegalArgumentException("not the all-CPU line of /proc/stat: " + cpuLine);
        }
        return Long.parseLong(f[1]) + Long.parseLong(f[2]) + Long.parseLong(f[3]) + Long.parseLong(f[6])
                + Long.parseLong(f[7]) + Long.parseLong(f[8]);
    }

    /**
     * This process's ticks in {@code /proc/self/stat}: utime, stime, cutime and cstime, fields 14
     * to 17, counted after the command name, which is in parentheses and may hold blanks.
     */
    static long ownTicks(String selfStat) {
        String[] f = selfStat.substring(selfStat.lastIndexOf(')') + 2).trim().split("\\s+");
        // f[0] is field 3 (state), so field n is f[n - 3]
        return Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]);
    }

    /** The CPUs that other work held between the two samples; NaN if either is unknown. */
    static double otherCpus(Sample before, Sample after) {
        if (before.busyTicks() < 0 || after.busyTicks() < 0 || after.nanoTime() <= before.nanoTime()) {
            return Double.NaN;
        }
        long otherTicks = (after.busyTicks() - before.busyTicks()) - (after.ownTicks() - before.ownTicks());
        double seconds = (after.nanoTime() - before.nanoTime()) / 1e9;
        return Math.max(0, otherTicks / TICKS_PER_SECOND / seconds);
    }

    /**
     * The report's line: the most any run met, and the runs that met {@link #NOTABLE_CPUS} or more,
     * which the reader should not trust.
     */
    static String describe(List<RunLoad> loads) {
        String what = "Other work on the machine (the CPU time of every process but this run's JVMs, over each JMH run): ";
        List<RunLoad> known = loads.stream().filter(load -> !Double.isNaN(load.otherCpus())).toList();
        if (known.isEmpty()) {
            return what + "not measured (no /proc/stat and /proc/self/stat to read)";
        }
        double most = known.stream().mapToDouble(RunLoad::otherCpus).max().orElseThrow();
        List<RunLoad> notable = known.stream().filter(load -> load.otherCpus() >= NOTABLE_CPUS).toList();
        if (notable.isEmpty()) {
            return what + String.format(Locale.ROOT, "at most %.2f CPUs during any run", most);
        }
        return what + notable.stream().map(load -> String.format(Locale.ROOT, "%.2f CPUs during %s", load.otherCpus(), load.run()))
                .collect(Collectors.joining(", ")) + "; a ratio of such a run's round weighs that load as much as"
                + " the locks: rerun on a quiet machine";
    }
}
