package org.numaloom.perf;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.numaloom.perf.bench.Exclusion;
import org.numaloom.perf.config.BenchKind;
import org.numaloom.perf.placement.Placement;

/**
 * The command line of {@link BenchMain}, parsed; the values are checked against the config and the
 * machine in {@link BenchMain} before any benchmark runs.
 *
 * @param config      a config file, or the name of one under {@code perf/configs/}; empty for
 *                    {@value #DEFAULT_CONFIG}
 * @param quick       cut every bench to 1 warm-up and 3 measured iterations in one fork
 * @param locks       lock names instead of each bench's own, with the baselines (as
 *                    {@link org.numaloom.perf.config.BenchConfig#with} says)
 * @param threads     thread counts instead of each lock bench's own
 * @param pin         how to place the carriers: {@value Placement#SYNOPSIS}
 * @param parallelism the carriers; 0 for as many as the placement allows CPUs
 * @param topology    a topology override (a spec or a sysfs-like directory) for the runner and its
 *                    forks; empty for the one in force (the machine's, or {@code numaloom.topology})
 * @param remoteCostNanos the modelled cost charged to each remote hand-off; 0 for none
 * @param out         where results go; empty for {@code results/<yyyyMMdd-HHmmss>}
 * @param gate        a thresholds file to check the ratios against at the end
 * @param timeLimit   the wall-clock time the JMH runs may take (whole seconds on the command line);
 *                    empty for no limit
 */
record BenchArgs(Optional<String> config, boolean quick, List<String> locks, List<Integer> threads, String pin,
                 int parallelism, Optional<String> topology, long remoteCostNanos, Optional<Path> out,
                 Optional<Path> gate, Optional<Duration> timeLimit, boolean help) {

    static final String DEFAULT_CONFIG = "quick";

    static final String SYNOPSIS = "usage: numaloom bench [--config FILE|NAME] [--quick] [--lock NAME]... "
            + "[--threads N,N,...] [--pin " + Placement.SYNOPSIS + "] [--parallelism N] [--topology SPEC|DIR] "
            + "[--remote-cost-ns N] [--out DIR] "
            + "[--gate THRESHOLDS] [--time-limit SECONDS] [--help]";

    /**
     * The arguments, parsed.
     *
     * @throws IllegalArgumentException naming the offending argument and what is expected instead
     */
    static BenchArgs parse(String... args) {
        Optional<String> config = Optional.empty();
        boolean quick = false;
        List<String> locks = new ArrayList<>();
        List<Integer> threads = new ArrayList<>();
        String pin = "none";
        int parallelism = 0;
        Optional<String> topology = Optional.empty();
        long remoteCostNanos = 0;
        Optional<Path> out = Optional.empty();
        Optional<Path> gate = Optional.empty();
        Optional<Duration> timeLimit = Optional.empty();
        boolean help = false;
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            switch (option) {
                case "--config" -> config = Optional.of(valueOf(args, ++i, option));
                case "--quick" -> quick = true;
                case "--lock" -> locks.addAll(List.of(valueOf(args, ++i, option).split(",", -1)));
                case "--threads" -> commaSeparated(valueOf(args, ++i, option)).forEach(n -> threads.add(count(n, option)));
                case "--pin" -> pin = valueOf(args, ++i, option);
                case "--parallelism" -> parallelism = count(valueOf(args, ++i, option), option);
                case "--topology" -> topology = Optional.of(valueOf(args, ++i, option));
                case "--remote-cost-ns" -> remoteCostNanos = nanos(valueOf(args, ++i, option), option);
                case "--out" -> out = Optional.of(Path.of(valueOf(args, ++i, option)));
                case "--gate" -> gate = Optional.of(Path.of(valueOf(args, ++i, option)));
                case "--time-limit" -> timeLimit = Optional.of(Duration.ofSeconds(count(valueOf(args, ++i, option), option)));
                case "--help", "-h" -> help = true;
                default -> throw new IllegalArgumentException("unknown option '" + option + "'");
            }
        }
        return new BenchArgs(config, quick, List.copyOf(locks), List.copyOf(threads), pin, parallelism, topology,
                remoteCostNanos, out, gate, timeLimit, help);
    }

    /**
     * The full help text; lists the exclusion names known now, including plugged-in locks.
     *
     * @param namedConfigs the configs {@code --config} knows by name, a line each with what it is
     *                     for ({@link BenchMain#describeNamedConfigs})
     */
    static String usage(String namedConfigs) {
        return SYNOPSIS + "\n\n"
                + "Runs the benches of a config through JMH, then prints a table per bench and writes results.csv,\n"
                + "JMH's JSON, charts (SVG and PNG) and report.md to the output directory.\n\n"
                + "  --config FILE|NAME   a JSON config, or the name of one in perf/configs (listed below; default: "
                + DEFAULT_CONFIG + ")\n"
                + "  --quick              1 warm-up and 3 measured iterations per bench, one fork\n"
                + "  --lock NAME          a lock to measure instead of the config's; repeat it or separate names\n"
                + "                       by commas. " + String.join(", ", Exclusion.BASELINES) + " are added (the\n"
                + "                       fair one not where the config skips it, unless named). A config's\n"
                + "                       variant is named as LOCK@label.\n"
                + "                       Known: " + String.join(", ", Exclusion.names()) + "\n"
                + "  --threads N,N,...    virtual-thread counts instead of the config's (lock benches)\n"
                + "  --pin MODE           none (default): the OS places the carriers; carriers: pin carrier i to\n"
                + "                       the i-th CPU in topology order (node by node); nodes=0,1: keep the\n"
                + "                       carriers on those NUMA nodes' CPUs (like numactl --cpunodebind)\n"
                + "  --parallelism N      carriers of the virtual-thread scheduler (default: the CPUs --pin allows)\n"
                + "  --topology SPEC|DIR  the topology for this run and its forks instead of the machine's: a spec such\n"
                + "                       as \"2 nodes x 1 cpus\" or a directory laid out like /sys. With 2+ nodes each\n"
                + "                       lock's remote_handoff_fraction is recorded; add --pin carriers so that a\n"
                + "                       virtual thread's node is its carrier's\n"
                + "  --remote-cost-ns N   a model: charge N ns inside the critical section to each acquisition that\n"
                + "                       changed node (default 0: off; docs/benchmarks.md gives a figure). Needs a\n"
                + "                       topology of 2+ nodes\n"
                + "  --out DIR            where results go (default results/<yyyyMMdd-HHmmss>)\n"
                + "  --gate THRESHOLDS    after the run, check ratios (and remote hand-off fractions) against a\n"
                + "                       thresholds file (ci/perf-thresholds.txt); exit status 3 if one fails\n"
                + "  --time-limit SECONDS no JMH run starts that the runs of its bench so far say would end past\n"
                + "                       this time from the first; what ran is published, the rounds every lock\n"
                + "                       finished in the ratios (for a machine lent for minutes, under timeout)\n"
                + "  --help               this text\n\n"
                + "Named configs (perf/configs/NAME.json):\n" + namedConfigs + "\n"
                + "Benches a config can name (docs/benchmarks.md has their fields):\n" + benches() + "\n"
                + "Exit status: 0 done, 1 a benchmark failed (the others run on and are reported), 2 bad arguments or config,\n"
                + "3 the gate failed.\n";
    }

    private static String benches() {
        StringBuilder lines = new StringBuilder();
        for (BenchKind kind : BenchKind.values()) {
            lines.append(String.format(Locale.ROOT, "  %-20s %s\n", kind.configName(), kind.summary()));
        }
        return lines.toString();
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

    /** The most a modelled remote cost may be: far above any cache-line transfer, so a typo stands out. */
    static final long MAX_REMOTE_COST_NANOS = 100_000;

    private static long nanos(String value, String option) {
        long nanos;
        try {
            nanos = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " value '" + value
                    + "' is not a number; expected whole nanoseconds, e.g. " + option + " 130");
        }
        if (nanos < 0 || nanos > MAX_REMOTE_COST_NANOS) {
            throw new IllegalArgumentException(option + " value " + nanos + " is out of range; expected 0 (off) to "
                    + MAX_REMOTE_COST_NANOS + " ns (a cross-node cache-line transfer costs around 100-300 ns)");
        }
        return nanos;
    }

    private static int count(String value, String option) {
        int count;
        try {
            count = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " value '" + value
                    + "' is not a number; expected whole numbers >= 1" + (option.equals("--threads")
                    ? " separated by commas, e.g. 2,4,16,64" : ""));
        }
        if (count < 1) {
            throw new IllegalArgumentException(option + " value " + count + " is too small; expected at least 1");
        }
        return count;
    }
}
