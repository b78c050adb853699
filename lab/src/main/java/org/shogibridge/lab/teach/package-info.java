/**
 * A teacher engine's labels for training positions, in resumable shards.
 */
package org.shogibridge.lab.teach;
