package org.numaloom.mutation;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the layers' classes are and how their JVMs start: the class paths that
 * {@code ./numaloom mutate} builds for each layer, the JVM's own {@code java}, and the kit's JVM
 * flags as the launcher passes them (the launcher is their one source).
 */
record LayerContext(String java, List<String> jvmFlags, String mutationClassPath, String locksTestClassPath,
                    String stressClassPath, String lincheckClassPath) {

    static LayerContext fromSystemProperties() {
        return new LayerContext(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                List.of(System.getProperty("numaloom.jvmFlags", "").trim().split("\\s+")).stream()
                        .filter(flag -> !flag.isEmpty()).toList(),
                System.getProperty("java.class.path"),
                property("numaloom.mutate.locksTestClassPath"),
                property("numaloom.mutate.stressClassPath"),
                property("numaloom.mutate.lincheckClassPath"));
    }

    private static String property(String name) {
        return System.getProperty(name, "");
    }

    String junitClassPath(Path mutant) {
        return join(mutant, locksTestClassPath, mutationClassPath);
    }

    String stressClassPath(Path mutant) {
        return join(mutant, stressClassPath);
    }

    String lincheckClassPath(Path mutant) {
        return join(mutant, lincheckClassPath, mutationClassPath);
    }

    List<String> java(String classPath, List<String> extraFlags, String mainClass, List<String> arguments) {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(jvmFlags);
        // For the tests that start JVMs of their own (ChildJvm), as surefire passes it.
        command.add("-Dnumaloom.jvmFlags=" + String.join(" ", jvmFlags));
        command.addAll(extraFlags);
        command.addAll(List.of("-cp", classPath, mainClass));
        command.addAll(arguments);
        return command;
    }

    private static String join(Path mutant, String... classPaths) {
        StringBuilder joined = new StringBuilder(mutant.toString());
        for (String classPath : classPaths) {
            if (classPath.isBlank()) {
                throw new IllegalStateException("a layer's class path is missing: run through ./numaloom mutate, which builds them");
            }
            joined.append(File.pathSeparatorChar).append(classPath);
        }
        return joined.toString();
    }
}
