/**
 * The product jar's command line (picocli): {@link org.shogibridge.device.cli.ShogiBridge} and its subcommands,
 * each error one line "Category. detail." with exit code 2 for bad input. The developers' tools are in the lab
 * module.
 */
package org.shogibridge.device.cli;
