package org.numaloom.perf;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The command line of {@link BenchMain}, checked in full before any benchmark runs: a typo found
 * after an hour of measuring costs the hour.
 *
 * <p>Lock names are resolved through {@link Exclusion#named}, so an unknown one is reported with
 * every known name, and names come out canonical (upper case) whatever case was typed. The baselines
 * are always added, since every table compares against them.
 *
 * @param settings the settings to run, in order
 * @param locks    canonical exclusion names, the requested ones first, then the missing baselines
 * @param threads  virtual-thread counts, ascending, without duplicates
 * @param quick    fewer iterations, for a first look
 * @param out      where results go; empty for the default, a new time-stamped directory
 * @param help     whether to print the usage and do nothing else
 */
record BenchArgs(List<Setting> settings, List<String> locks, List<Integer> threads, boolean quick,
                 Optional<Path> out, boolean help) {

    static final List<String> DEFAULT_LOCKS = List.of("NUMA_MCS", "MCS", "UNFAIR_REENTRANT", "SYNCHRONIZED");
    static final List<Integer> DEFAULT_THREADS = List.of(2, 4, 16, 64);

    static final String SYNOPSIS = "usage: numaloom bench [--setting high|low|both] [--lock NAME]... "
            + "[--threads N,N,...] [--quick] [--out DIR] [--help]";

    /** JMH warm-up iterations: each is one invocation, all items on all threads. */
    int warmupIterations() {
        return quick ? 2 : 5;
    }

    int measurementIterations() {
        return quick ? 4 : 10;
    }

    /**
     * The arguments, checked.
     *
     * @throws IllegalArgumentException naming the offending argument and what is expected instead
     */
    static BenchArgs parse(String... args) {
        List<Setting> settings = List.of(Setting.HIGH);
        List<String> requestedLocks = new ArrayList<>();
        Set<Integer> threads = new TreeSet<>();
        boolean quick = false;
        Optional<Path> out = Optional.empty();
        boolean help = false;
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            switch (option) {
                case "--setting" -> settings = settings(valueOf(args, ++i, option));
                case "--lock" -> requestedLocks.addAll(commaSeparated(valueOf(args, ++i, option)));
                case "--threads" -> commaSeparated(valueOf(args, ++i, option)).forEach(n -> threads.add(threadCount(n)));
                case "--quick" -> quick = true;
                case "--out" -> out = Optional.of(Path.of(valueOf(args, ++i, option)));
                case "--help", "-h" -> help = true;
                default -> throw new IllegalArgumentException("unknown option '" + option + "'");
            }
        }
        return new BenchArgs(settings, canonicalLocks(requestedLocks),
                threads.isEmpty() ? DEFAULT_THREADS : List.copyOf(threads), quick, out, help);
    }

    /** The full help text; lists the exclusion names known now, including plugged-in locks. */
    static String usage() {
        return SYNOPSIS + "\n\n"
                + "Runs ConsumeCpuBenchmark (JMH) for each setting and lock, then prints a table per setting.\n"
                + "  --setting high|low|both  which contention settings to run (default high; low takes\n"
                + "                           about 8 s per invocation here, both about 35 minutes):\n"
                + "                             " + Setting.HIGH.description() + "\n"
                + "                             " + Setting.LOW.description() + "\n"
                + "  --lock NAME              a lock to measure; repeat it or separate names by commas\n"
                + "                           (default " + String.join(" ", DEFAULT_LOCKS) + ");\n"
                + "                           " + String.join(" and ", ComparedThroughput.BASELINES)
                + " are always added as baselines.\n"
                + "                           Known: " + String.join(", ", Exclusion.names()) + "\n"
                + "  --threads N,N,...        numbers of virtual threads (default "
                + String.join(",", DEFAULT_THREADS.stream().map(String::valueOf).toList()) + ")\n"
                + "  --quick                  2 warm-up and 4 measured iterations instead of 5 and 10 (1 fork)\n"
                + "  --out DIR                where results.csv and JMH's JSON and logs go\n"
                + "                           (default results/<yyyyMMdd-HHmmss>)\n"
                + "  --help                   this text\n";
    }

    private static String valueOf(String[] args, int index, String option) {
        if (index >= args.length || args[index].startsWith("--")) {
            throw new IllegalArgumentException("option " + option + " needs a value");
        }
        return args[index];
    }

    private static List<String> commaSeparated(String value) {
        return List.of(value.split(",", -1));
    }

    private static List<Setting> settings(String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "both" -> List.of(Setting.values());
            case "high" -> List.of(Setting.HIGH);
            case "low" -> List.of(Setting.LOW);
            default -> throw new IllegalArgumentException("--setting '" + value + "' is not a setting; expected high, low or both");
        };
    }

    private static int threadCount(String value) {
        int count;
        try {
            count = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--threads value '" + value
                    + "' is not a number; expected whole numbers >= 1 separated by commas, e.g. 2,4,16,64");
        }
        if (count < 1) {
            throw new IllegalArgumentException("--threads value " + count + " is too small; expected a number of threads >= 1");
        }
        return count;
    }

    /** Resolving a name makes a throwaway lock: cheap, and it is the one place that knows the names. */
    private static List<String> canonicalLocks(List<String> requested) {
        Set<String> locks = new LinkedHashSet<>();
        for (String name : requested.isEmpty() ? DEFAULT_LOCKS : requested) {
            locks.add(Exclusion.named(name).name());
        }
        for (String baseline : ComparedThroughput.BASELINES) {
            locks.add(Exclusion.named(baseline).name());
        }
        return List.copyOf(locks);
    }
}
