package org.numaloom.mutation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The command line of {@code ./numaloom mutate}:
 * {@code [--lock NAME]... [--operator NAME]... [--layer junit|jcstress|lincheck|vthreads]...
 * [--quick] [--mutants FILE] [--jobs N] [--out DIR] [--require-all-caught]}.
 *
 * @param mutantsFile      only the mutants whose ids this file lists (one per line, {@code #}
 *                         comments), each of which must exist: a fixed subset, such as CI's
 * @param requireAllCaught exit 1 unless every counted mutant was caught by some layer
 */
record MutateArgs(List<String> locks, Set<Operator> operators, Set<Layer> layers, boolean quick, Path mutantsFile,
                  int jobs, Path out, boolean requireAllCaught, boolean listOnly) {

    static final List<String> DEFAULT_LOCKS = List.of("NUMA_MCS", "CNA", "MCS");
    static final String USAGE = """
            usage: ./numaloom mutate [--lock NAME]... [--operator NAME]... [--layer LAYER]... [--quick]
                                     [--mutants FILE] [--jobs N] [--out DIR] [--require-all-caught] [--list]
              --lock NAME       a registered lock, the kit's or yours (default: NUMA_MCS, CNA, MCS)
              --operator NAME   %s (default: all)
              --layer LAYER     junit, jcstress, lincheck, vthreads (default: junit, vthreads)
              --quick           one mutant per operator, at its first site from the lock's own class on
              --mutants FILE    only the mutants FILE lists by id, one per line; each must exist
              --jobs N          mutants run at once (default: half the processors, at least 1)
              --out DIR         where mutants.csv and report.md go, not one with a run in it
                                (default: results/mutate/<time>)
              --require-all-caught  exit 1 unless every counted mutant is killed or hung by some layer
              --list            print the ids of the mutants that would run, and run none
            """.formatted(String.join(", ", java.util.Arrays.stream(Operator.values()).map(Enum::name).toList()));

    static MutateArgs parse(String[] args, Path defaultOut) {
        List<String> locks = new ArrayList<>();
        Set<Operator> operators = new LinkedHashSet<>();
        Set<Layer> layers = new LinkedHashSet<>();
        boolean quick = false;
        boolean requireAllCaught = false;
        boolean listOnly = false;
        Path mutantsFile = null;
        int jobs = Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
        Path out = defaultOut;
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            switch (option) {
                case "--quick" -> quick = true;
                case "--require-all-caught" -> requireAllCaught = true;
                case "--list" -> listOnly = true;
                case "--lock" -> locks.add(value(args, ++i, option, "a lock name (./numaloom locks lists them)"));
                case "--operator" -> operators.add(operator(value(args, ++i, option, "an operator name")));
                case "--layer" -> layers.add(layer(value(args, ++i, option, "a layer")));
                case "--mutants" -> mutantsFile = Path.of(value(args, ++i, option, "a file of mutant ids"));
                case "--out" -> out = Path.of(value(args, ++i, option, "a directory"));
                case "--jobs" -> jobs = positive(value(args, ++i, option, "a positive integer"), option);
                default -> throw new IllegalArgumentException("unknown option '" + option + "'");
            }
        }
        return new MutateArgs(locks.isEmpty() ? DEFAULT_LOCKS : List.copyOf(locks),
                operators.isEmpty() ? Set.of(Operator.values()) : operators,
                layers.isEmpty() ? new LinkedHashSet<>(List.of(Layer.JUNIT, Layer.VTHREADS)) : layers,
                quick, mutantsFile, jobs, out, requireAllCaught, listOnly);
    }

    private static String value(String[] args, int index, String option, String what) {
        if (index >= args.length || args[index].isBlank() || args[index].startsWith("--")) {
            throw new IllegalArgumentException(option + " needs " + what);
        }
        return args[index];
    }

    private static Operator operator(String name) {
        try {
            return Operator.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown operator '" + name + "'; operators: "
                    + String.join(", ", java.util.Arrays.stream(Operator.values()).map(Enum::name).toList()), e);
        }
    }

    private static Layer layer(String name) {
        return Layer.named(name.toLowerCase(Locale.ROOT));
    }

    private static int positive(String text, String option) {
        try {
            int value = Integer.parseInt(text);
            if (value > 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + " needs a positive integer, got '" + text + "'");
    }
}
