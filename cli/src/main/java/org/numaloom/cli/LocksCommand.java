package org.numaloom.cli;

import java.io.PrintStream;
import java.util.Arrays;

import org.numaloom.locks.placement.CpuLocator;
import org.numaloom.locks.registry.LockRegistry;
import org.numaloom.locks.registry.LockType;
import org.numaloom.locks.topology.Topology;

/**
 * Two sub-commands of the kit's {@code numaloom} launcher (and of the bundle's): {@code topology}
 * shows what the locks will see of the machine, {@code locks} lists the registry. Exit status 0 on
 * success, 2 for bad usage or bad input (an override that does not parse), with the reason on
 * standard error.
 *
 * <p>A tool of the kit, not part of the library: it lives in its own module ({@code numaloom-cli}),
 * so that the library's jar holds only the library.
 */
public final class LocksCommand {
    private LocksCommand() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        String command = args.length == 0 ? "" : args[0];
        String[] rest = Arrays.copyOfRange(args, Math.min(1, args.length), args.length);
        try {
            switch (command) {
                case "topology" -> showTopology(rest, out);
                case "locks" -> listLocks(out);
                default -> {
                    err.println("usage: topology [--topology DIR|SPEC] | locks");
                    return 2;
                }
            }
            return 0;
        } catch (IllegalArgumentException | IllegalStateException e) { // TopologyException; the registry's providers
            err.println("numaloom: " + e.getMessage());
            return 2;
        }
    }

    private static void showTopology(String[] args, PrintStream out) {
        Topology topology = switch (args.length) {
            case 0 -> Topology.current();
            case 2 -> {
                if (!args[0].equals("--topology")) {
                    throw new IllegalArgumentException("unknown option " + args[0] + "; expected --topology DIR|SPEC");
                }
                yield Topology.load(args[1]);
            }
            default -> throw new IllegalArgumentException("usage: topology [--topology DIR|SPEC], e.g. --topology \"2 nodes x 2 clusters x 4 cpus\"");
        };
        out.print(topology.describe());
        int cpu = CpuLocator.currentCpuUncached();
        out.println();
        out.println("this thread: " + (cpu < 0 ? "CPU unknown (sched_getcpu unavailable)" : "CPU " + cpu
                + ", which the locks place on node " + topology.nodeOfHostCpu(cpu)));
        out.println("per-carrier CPU cache for virtual threads: " + (CpuLocator.carriersVisible()
                ? "on"
                : "off (add --add-opens java.base/java.lang=ALL-UNNAMED)"));
    }

    private static void listLocks(PrintStream out) {
        int width = LockRegistry.names().stream().mapToInt(String::length).max().orElse(4);
        out.printf("%-" + width + "s  %-9s  %s%n", "NAME", "REENTRANT", "DESCRIPTION");
        for (LockType type : LockRegistry.all()) {
            out.printf("%-" + width + "s  %-9s  %s%n", type.name(), type.reentrant() ? "yes" : "no", type.description());
        }
    }
}
