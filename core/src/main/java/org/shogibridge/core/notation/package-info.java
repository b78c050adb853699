/**
 * Move notation for people: Japanese (▲７六歩, 同, 打, 成/不成, the 右/左/上/引/寄/直 words), Hodges and Hosking.
 */
package org.shogibridge.core.notation;
