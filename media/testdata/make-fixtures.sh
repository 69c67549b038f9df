#!/usr/bin/env bash
# Regenerates the tiny audio/image fixtures in this folder (needs ffmpeg). Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")"
ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }
tone() { echo "sine=frequency=$1:duration=$2:sample_rate=22050"; }

# A 64x64 PNG cover (also embedded in the mp3 as its picture).
ff -f lavfi -i "color=c=0x8a4fff:s=64x64,drawbox=x=16:y=16:w=32:h=32:color=0xffcc00:t=fill" -frames:v 1 cover.png

ff -f lavfi -i "$(tone 440 1)" -i cover.png -map 0:a -map 1:v -c:a libmp3lame -b:a 32k -ac 1 \
  -c:v png -disposition:v attached_pic -id3v2_version 3 \
  -metadata title="Hearth Tone" -metadata artist="Fixture Band" -metadata album="Fixture Album" \
  -metadata track="3/10" tagged.mp3
ff -f lavfi -i "$(tone 523 1)" -c:a flac -metadata title="Flac Tone" -metadata artist="Fixture Band" tone.flac
ff -f lavfi -i "$(tone 587 1)" -c:a libvorbis -q:a 0 -metadata title="Vorbis Tone" tone.ogg
ff -f lavfi -i "sine=frequency=659:duration=1:sample_rate=48000" -c:a libopus -b:a 16k -metadata title="Opus Tone" tone.opus
ff -f lavfi -i "$(tone 698 1)" -c:a aac -b:a 32k -metadata title="M4a Tone" tone.m4a
ff -f lavfi -i "sine=frequency=784:duration=0.5:sample_rate=8000" -c:a pcm_s16le -ac 1 tone.wav
ff -f lavfi -i "$(tone 330 0.5)" -c:a libmp3lame -b:a 32k -ac 1 -id3v2_version 0 -write_xing 0 -map_metadata -1 plain.mp3
ff -f lavfi -i "$(tone 370 0.5)" -c:a aac -b:a 32k -f adts tone.aac
# A VBR mp3 with no Xing header: its length shows only to a walk over every frame.
ff -f lavfi -i "$(tone 392 3)" -c:a libmp3lame -q:a 6 -ac 1 -id3v2_version 3 -write_xing 0 -metadata title="Vbr Tone" vbr.mp3
# Real-world shapes a strict sniffer refused though players play them: a first frame after
# zero padding behind an ID3v2.4 tag, an empty ID3 tag then padding, a 0.24 s MPEG-2.5 mp3
# after leading zeros, and FLAC inside Ogg.
zeros() { head -c "$1" /dev/zero; }
tagsize() { local b; b=($(od -An -tu1 -j6 -N4 "$1")); echo $((10 + (b[0] << 21 | b[1] << 14 | b[2] << 7 | b[3]))); }
ff -f lavfi -i "$(tone 415 0.5)" -c:a libmp3lame -b:a 32k -ac 1 -id3v2_version 4 -metadata title="Padded Tone" padded.tmp.mp3
tag=$(tagsize padded.tmp.mp3)
{ head -c "$tag" padded.tmp.mp3; zeros 4096; tail -c +"$((tag + 1))" padded.tmp.mp3; } > padded.mp3
{ printf 'ID3\x03\x00\x00\x00\x00\x00\x00'; zeros 2600; cat plain.mp3; } > empty-tag.mp3
ff -f lavfi -i "sine=frequency=466:duration=0.24:sample_rate=8000" -c:a libmp3lame -b:a 8k -ac 1 -id3v2_version 0 -write_xing 0 short.tmp.mp3
{ zeros 512; cat short.tmp.mp3; } > short.mp3
rm padded.tmp.mp3 short.tmp.mp3
ff -f lavfi -i "$(tone 494 0.5)" -c:a flac -f ogg -metadata title="Ogg Flac Tone" flac.oga
# The cover in the other image formats (64x48, to tell width from height), and a 3000x3000
# PNG that takes a real decode (about a second in jimp) for the preview tests.
for ext in jpg gif webp; do ff -f lavfi -i "color=c=0x8a4fff:s=64x48" -frames:v 1 "cover.$ext"; done
ff -f lavfi -i "gradients=s=3000x3000:seed=7" -frames:v 1 -pix_fmt rgb24 -compression_level 9 large.png
# The first 2 KB of the mp3: a real header whose audio stops short.
head -c 2048 tagged.mp3 > truncated.mp3
printf '<!doctype html>\n<html><body><script>alert(1)</script></body></html>\n' > fake.mp3
printf '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(1)</script><rect width="8" height="8"/></svg>\n' > image.svg
ls -l

# Lyrics in the files' own tags: LRC (with an offset and two stamps on one line) in a FLAC's
# Vorbis LYRICS, plain text in an MP4 ©lyr and in an Ogg UNSYNCEDLYRICS. (ID3 USLT/SYLT frames,
# which ffmpeg cannot write, are built by src/testing/media-fixtures.ts.)
ff -f lavfi -i "$(tone 523 0.3)" -c:a flac -metadata title="Lrc Flac" -metadata "LYRICS=[ti:Lrc Flac]
[offset:+500]
[00:01.00][00:03.00]La la
[00:02.50]Hey" lyrics-lrc.flac
ff -f lavfi -i "$(tone 698 0.3)" -c:a aac -b:a 32k -metadata title="M4a Words" -metadata "lyrics=Plain words
here" lyrics-plain.m4a
ff -f lavfi -i "$(tone 587 0.3)" -c:a libvorbis -q:a 0 -metadata title="Ogg Words" -metadata "UNSYNCEDLYRICS=Ogg line" lyrics-unsynced.ogg
