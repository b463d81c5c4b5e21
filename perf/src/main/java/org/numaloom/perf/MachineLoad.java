package org.numaloom.perf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How much of the machine other work held while each JMH run measured: the busy CPU time that this
 * runner and its forks did not spend (other processes, interrupts, and the hypervisor's steal where
 * it reports one), over the run's wall-clock time, in CPUs (1.0 is one core's worth, all the time):
 * an average over the whole run, JVM start-ups and warm-ups included. A round whose lock and
 * baseline ran under different load compares the load, not the locks, and nothing in the
 * throughputs says so. This does.
 *
 * <p>Read from Linux's {@code /proc/stat} (the busy time of all CPUs, steal included, and how many
 * CPUs there are) and {@code /proc/self/stat} (this JVM's CPU time and that of its reaped children:
 * JMH waits for each fork it starts, so a run's forks are in it once the run returns). Where the
 * files do not read (not Linux), the load is unknown and the report says so.
 */
final class MachineLoad {
    /** Clock ticks per second of the times in {@code /proc}: USER_HZ, 100 on Linux whatever the kernel's HZ. */
    static final double TICKS_PER_SECOND = 100;
    /**
     * A run that other work held this share of the machine's CPUs or more during is named in the
     * report: a quarter of a CPU on 2 CPUs, 2 CPUs on 16, so that a big machine's daemons do not name
     * every run.
     */
    static final double NOTABLE_SHARE = 1.0 / 8;

    /** The machine's busy ticks, this process's own (with its reaped children's) and its CPUs, at a moment. */
    record Sample(long busyTicks, long ownTicks, long nanoTime, int cpus) {
        /** A sample where {@code /proc} does not read: every load computed from it is unknown. */
        static final Sample UNKNOWN = new Sample(-1, -1, 0, 0);
    }

    /** What other work held during one run: CPUs, NaN if unknown; and how many CPUs the machine has. */
    record RunLoad(String run, double otherCpus, int machineCpus) {
        static RunLoad between(String run, Sample before, Sample after) {
            return new RunLoad(run, MachineLoad.otherCpus(before, after), after.cpus());
        }
    }

    private MachineLoad() {
    }

    /** A sample of the machine now; {@link Sample#UNKNOWN} where {@code /proc} does not read. */
    static Sample now() {
        try {
            List<String> stat = Files.readAllLines(Path.of("/proc/stat"));
            return new Sample(busyTicks(stat.get(0)), ownTicks(Files.readString(Path.of("/proc/self/stat"))),
                    System.nanoTime(), (int) stat.stream().filter(line -> line.startsWith("cpu") && !line.startsWith("cpu ")).count());
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

    /**
     * The shortest run whose load is computed: the counters advance by ticks of 10 ms, read apart,
     * so a figure can be off by a few ticks; over half a second that is under a tenth of a CPU,
     * while over a millisecond one tick reads as ten CPUs.
     */
    static final double MIN_SECONDS = 0.5;

    /**
     * The CPUs that other work held between the two samples, at most the machine's; NaN if either
     * is unknown or they are less than {@link #MIN_SECONDS} apart.
     */
    static double otherCpus(Sample before, Sample after) {
        double seconds = (after.nanoTime() - before.nanoTime()) / 1e9;
        if (before.busyTicks() < 0 || after.busyTicks() < 0 || seconds < MIN_SECONDS) {
            return Double.NaN;
        }
        long otherTicks = (after.busyTicks() - before.busyTicks()) - (after.ownTicks() - before.ownTicks());
        return Math.min(after.cpus(), Math.max(0, otherTicks / TICKS_PER_SECOND / seconds));
    }

    /**
     * The report's line: the most any run met, or the runs that met {@link #NOTABLE_SHARE} of the
     * machine or more, whose ratios the reader should not trust.
     */
    static String describe(List<RunLoad> loads) {
        String what = "Other work on the machine (busy CPU time not spent by this run's JVMs, steal included,"
                + " averaged over each JMH run)";
        List<RunLoad> known = loads.stream().filter(load -> !Double.isNaN(load.otherCpus())).toList();
        if (loads.isEmpty()) {
            return what + ": none measured, no JMH run ended";
        }
        if (known.isEmpty()) {
            return what + ": not measured (no /proc/stat and /proc/self/stat to read, or no run lasted half a second)";
        }
        int cpus = known.get(0).machineCpus();
        what += " on its " + cpus + " CPUs: ";
        double most = known.stream().mapToDouble(RunLoad::otherCpus).max().orElseThrow();
        List<RunLoad> notable = known.stream().filter(load -> load.otherCpus() >= NOTABLE_SHARE * cpus).toList();
        if (notable.isEmpty()) {
            return what + String.format(Locale.ROOT, "at most %.2f CPUs during any run", most);
        }
        return what + notable.stream().map(load -> String.format(Locale.ROOT, "%.2f CPUs during %s", load.otherCpus(), load.run()))
                .collect(Collectors.joining(", ")) + "; the ratios of these runs' rounds may show that load rather than"
                + " the locks: rerun on a quiet machine";
    }
}
