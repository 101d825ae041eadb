#!/usr/bin/env python3
"""Labelled prompts for the held-out catalogs, written before any ranker or fit ran on them.

Kinds: direct (uses the skill's own words), paraphrase (the same need in other words),
indirect (a situation that calls for the skill without naming the task), multi (needs every
listed skill), none (no skill in the catalog fits). Every (catalog, kind) group alternates
tune / test by position, so both splits hold every kind. Run once; the .jsonl files are committed."""
import json
from pathlib import Path

# (id, kind, prompt, expected, acceptable_groups or None)
AZURE = [
    ("d", "Generate a Mermaid architecture diagram of my Azure resource group", ["azure-resource-visualizer"]),
    ("d", "Run a compliance scan with azqr on my subscription", ["azure-compliance"]),
    ("d", "Write KQL queries against my Azure Data Explorer cluster", ["azure-kusto"]),
    ("d", "Check Azure quotas and request a quota increase for vCPUs", ["azure-quotas"]),
    ("d", "Create an app registration in Entra ID and configure OAuth", ["entra-app-registration"]),
    ("d", "Provision an AKS cluster with cluster-autoscaler and spot nodes", ["azure-kubernetes"]),
    ("d", "Forecast spending and show a cost breakdown of my Azure bill", ["azure-cost"]),
    ("d", "Run azd up to deploy the already prepared app", ["azure-deploy"]),
    ("d", "Set up Application Insights telemetry in my web app", ["appinsights-instrumentation"]),
    ("d", "Configure API Management as an AI gateway with semantic caching", ["azure-aigateway"]),
    ("d", "Migrate my AWS Lambda functions to Azure Functions", ["azure-cloud-migrate"]),
    ("d", "Service Bus SDK error: message lock lost", ["azure-messaging"]),
    ("p", "draw a picture of how all the pieces in my cloud project connect to each other", ["azure-resource-visualizer"]),
    ("p", "how much money are we burning on Microsoft's cloud this month, and where is it going?", ["azure-cost"]),
    ("p", "what's the weakest permission I can hand this service so it can only read files in a bucket", ["azure-rbac"]),
    ("p", "spin up a beefy box with graphics cards on Azure for training", ["azure-compute"]),
    ("p", "our site on Azure suddenly got super slow and keeps falling over, figure out why", ["azure-diagnostics"]),
    ("p", "make sure everything is in order before I push the infrastructure live", ["azure-validate"]),
    ("p", "we're leaving Amazon's cloud and want our serverless handlers to land on Microsoft's", ["azure-cloud-migrate"]),
    ("p", "turn my spoken meeting recordings into written text using Azure", ["azure-ai"]),
    ("p", "find the storage drives that are not plugged into any machine", ["azure-resource-lookup"]),
    ("p", "let people sign in to my console tool with their work Microsoft accounts", ["entra-app-registration"]),
    ("p", "put a throttle on how many tokens each team can send to our hosted GPT models", ["azure-aigateway"]),
    ("p", "I want to move our Functions app to the newer flexible hosting plan", ["azure-upgrade"]),
    ("p", "lay out the network for a big company: central hub, spokes, firewalls", ["azure-enterprise-infra-planner"]),
    ("p", "my event stream consumer in Python keeps dropping its connection", ["azure-messaging"]),
    ("p", "I need more CPU cores than my subscription lets me have in West Europe", ["azure-quotas"]),
    ("p", "get my project ready so Microsoft's developer CLI can ship it: write the config and the infra code", ["azure-prepare"]),
    ("p", "fine-tune a model and measure how well our agent answers in Microsoft's AI studio", ["microsoft-foundry"]),
    ("p", "pull up log lines from the telemetry store and chart errors over time", ["azure-kusto"]),
    ("i", "The auditors come next week and want proof our cloud setup follows the security baseline", ["azure-compliance"]),
    ("i", "Some of our TLS certs in the vault might be about to run out, can you check?", ["azure-compliance"]),
    ("i", "Finance flagged a spike last Tuesday on the cloud invoice", ["azure-cost"]),
    ("i", "kubectl shows my containers restarting over and over on the managed cluster", ["azure-diagnostics"], [["azure-diagnostics", "azure-kubernetes"]]),
    ("i", "We're building a chat assistant on top of GitHub's Copilot client library and want to host it on Azure", ["azure-hosted-copilot-sdk"]),
    ("i", "Deployment failed with 'QuotaExceeded' in eastus", ["azure-quotas"]),
    ("i", "The new hire can't open the storage account, what role do they need?", ["azure-rbac"]),
    ("i", "We still use com.microsoft.azure packages in our Java code", ["azure-upgrade"]),
    ("i", "My manager asked how many web apps we have running across all subscriptions", ["azure-resource-lookup"]),
    ("i", "Scanned invoices need their fields pulled out automatically", ["azure-ai"]),
    ("i", "Our Redis cache product is being retired, what do we move to?", ["azure-upgrade"]),
    ("i", "The container image won't pull and the app is down in production", ["azure-diagnostics"]),
    ("m", "Validate my Bicep before deploying, then deploy it with azd up", ["azure-validate", "azure-deploy"]),
    ("m", "Set up the AKS cluster and then tell me what it will cost per month", ["azure-kubernetes", "azure-cost"]),
    ("m", "Register an app in Entra and give its managed identity the least privilege role to read blobs", ["entra-app-registration", "azure-rbac"]),
    ("m", "Prepare my app for azd and check whether my region has enough quota", ["azure-prepare", "azure-quotas"]),
    ("m", "List all resources tagged env=prod and draw them as a diagram", ["azure-resource-lookup", "azure-resource-visualizer"]),
    ("n", "Write a haiku about autumn leaves", []),
    ("n", "Refactor this Python function to use a list comprehension", []),
    ("n", "What's the capital of Australia?", []),
    ("n", "Fix the CSS so the navbar stays on top when scrolling", []),
    ("n", "Translate this paragraph into Spanish", []),
    ("n", "Set up a GitHub Actions workflow that runs pytest", []),
]

IMAGE_GEN = ["ai-image-generation", "nano-banana-2", "flux-2-klein"]
IMAGE_EDIT = ["image-edit", "nano-banana-edit", "gpt-image-edit", "flux-kontext"]
MEDIA = [
    ("d", "Find a skill for converting PDFs", ["find-skills"]),
    ("d", "Open a website, fill out the login form and take a screenshot", ["agent-browser"]),
    ("d", "Review my React components for Next.js performance problems", ["vercel-react-best-practices"]),
    ("d", "Check my site against web interface guidelines and accessibility", ["web-design-guidelines"]),
    ("d", "Use caveman mode, less tokens", ["caveman"]),
    ("d", "Animate this still image into a short video", ["image-to-video"]),
    ("d", "Generate images with Nano Banana 2", ["nano-banana-2"]),
    ("d", "Edit this photo with Flux Kontext", ["flux-kontext"]),
    ("d", "Swap the face of the actor in this video", ["face-swap"]),
    ("d", "Lip sync this portrait to my voiceover audio", ["lipsync"], [["lipsync", "ai-avatar-video"]]),
    ("d", "Outpaint this square image to 16:9", ["image-outpainting"]),
    ("d", "Relight this product shot with studio lighting", ["relight"]),
    ("d", "Create a new skill from scratch and run evals on it", ["skill-creator"]),
    ("d", "Install the runcomfy CLI and log in", ["runcomfy-cli"]),
    ("d", "Add a registry block to my HyperFrames composition with hyperframes add", ["hyperframes-registry"]),
    ("d", "Design RLS policies and indexes for my Postgres tables", ["supabase-postgres-best-practices"]),
    ("d", "Generate a video with Kling 3.0 in 4K", ["kling-3-0"]),
    ("d", "Make a song with lyrics using ElevenLabs Music", ["elevenlabs-music-generation"]),
    ("d", "We write videos in React with Remotion; what rules should we follow?", ["remotion-best-practices"]),
    ("p", "make the landing page look less generic, like a designer actually cared", ["design-taste-frontend"], [["design-taste-frontend", "frontend-design"]]),
    ("p", "talk to me in as few words as possible from now on", ["caveman"]),
    ("p", "is there something I could install that teaches you to handle spreadsheets?", ["find-skills"]),
    ("p", "take this photo of my dog and make it move", ["image-to-video"]),
    ("p", "get rid of the logo stamped in the corner of my picture", ["image-inpainting"], [["image-inpainting"] + IMAGE_EDIT]),
    ("p", "someone walks through the back of my clip, erase them in every frame", ["video-inpainting"]),
    ("p", "make the picture wider so it fits a widescreen banner, inventing the missing scenery", ["image-outpainting"]),
    ("p", "turn my vertical phone recording into a horizontal one for YouTube", ["video-outpainting"]),
    ("p", "make my headshot look like it was taken at sunset", ["relight"]),
    ("p", "create a little animated mascot that sits in my coding assistant's window", ["codex-pet"]),
    ("p", "have a digital presenter read my script on camera", ["ai-avatar-video"]),
    ("p", "my clip ends too early, keep it going for a few more seconds", ["video-extend"]),
    ("p", "compose a catchy jingle for my podcast intro", ["elevenlabs-music-generation"]),
    ("p", "put a character into the same stance as the person in this reference photo", ["controlnet-pose"]),
    ("p", "click through the signup flow on our staging site and tell me what breaks", ["agent-browser"]),
    ("p", "my Next app ships a huge JavaScript bundle and renders slowly", ["vercel-react-best-practices"]),
    ("p", "the database tables for my app: how should I lay out the columns and keys?", ["supabase-postgres-best-practices"]),
    ("p", "change the shirt the guy is wearing throughout my clip", ["video-edit"]),
    ("p", "draw me a picture of a red fox in the snow", ["ai-image-generation"], [IMAGE_GEN]),
    ("p", "I want a fast picture generator for quick drafts, under a second each", ["flux-2-klein"]),
    ("p", "make a short cinematic film clip from a text prompt using ByteDance's model", ["seedance-v2"]),
    ("p", "put new words on the poster in this image, in Japanese", ["gpt-image-edit"], [["gpt-image-edit", "image-edit"]]),
    ("p", "package my expertise into something the agent can load later and check it triggers correctly", ["skill-creator"]),
    ("i", "I cloned a deep learning repo and want to know which command trains and which evaluates before touching anything", ["repo-intake-and-plan"]),
    ("i", "The README doesn't say which validation split the paper used", ["paper-context-resolver"]),
    ("i", "I need the conda env and checkpoint paths sorted before running the repo's demo", ["env-and-assets-bootstrap"]),
    ("i", "The smoke test ran; record its outputs in the standard format with notes on what I patched", ["minimal-run-and-audit"]),
    ("i", "my render keeps failing when I run the HyperFrames build", ["hyperframes-cli"]),
    ("i", "I want to make a promo video for our product launch using HTML", ["hyperframes"]),
    ("i", "the elements in my composition should slide in with GSAP eases", ["hyperframes-animation"]),
    ("i", "I need background music and a sound effect file for my HyperFrames project", ["media-use"]),
    ("i", "what do the data-start and data-duration attributes mean on my clip element?", ["hyperframes-core"]),
    ("i", "Our brand photos were shot on grey days and look dull", ["relight"]),
    ("i", "Our UGC ads need a spokesperson but we have no budget for actors", ["ai-avatar-video"]),
    ("i", "The dubbing of my Spanish version doesn't match the mouth movements", ["lipsync"]),
    ("i", "The tokens bill is high because you're so verbose", ["caveman"]),
    ("i", "The product image has a cluttered background; I want a clean white one", ["image-edit"], [IMAGE_EDIT]),
    ("i", "My queries on the users table time out under load", ["supabase-postgres-best-practices"]),
    ("m", "Generate an image of a robot and then animate it into a video", ["ai-image-generation", "image-to-video"], [IMAGE_GEN, ["image-to-video"]]),
    ("m", "Make a talking-head video and add background music", ["ai-avatar-video", "elevenlabs-music-generation"]),
    ("m", "Remove the watermark from the image, then extend it to widescreen", ["image-inpainting", "image-outpainting"]),
    ("m", "Build the landing page UI with good taste and then audit it for accessibility", ["frontend-design", "web-design-guidelines"], [["frontend-design", "design-taste-frontend"], ["web-design-guidelines"]]),
    ("m", "Scan the repo to plan the reproduction and set up its environment", ["repo-intake-and-plan", "env-and-assets-bootstrap"]),
    ("m", "Browse to the competitor's pricing page, grab the numbers, then make a chart video with HyperFrames", ["agent-browser", "hyperframes"]),
    ("n", "Explain the difference between TCP and UDP", []),
    ("n", "Help me write a cover letter for a nursing job", []),
    ("n", "Sort this list of numbers in Rust", []),
    ("n", "What's a good recipe for banana bread?", []),
    ("n", "Set up a cron job that backs up my home directory", []),
    ("n", "Why does my Go program deadlock on this channel?", []),
    ("n", "Calculate the mortgage payment on a 300k loan at 6%", []),
]

KINDS = {"d": "direct", "p": "paraphrase", "i": "indirect", "m": "multi", "n": "none"}


def build(prefix, rows, catalog_names):
    out = {"tune": [], "test": []}
    seen = {}
    for row in rows:
        kind, prompt, expected = row[0], row[1], row[2]
        groups = row[3] if len(row) > 3 else None
        for name in expected + [n for g in (groups or []) for n in g]:
            assert name in catalog_names, name
        position = seen.get(kind, 0)
        seen[kind] = position + 1
        split = "tune" if position % 2 == 0 else "test"
        record = {"id": f"{prefix}-{kind}{position + 1:02d}", "prompt": prompt, "expected": expected, "kind": KINDS[kind], "split": split}
        if groups:
            record["acceptable_groups"] = groups
        out[split].append(record)
    return out


if __name__ == "__main__":
    here = Path(__file__).resolve().parent
    for prefix, rows, catalog in (("az", AZURE, "catalog-azure.jsonl"), ("md", MEDIA, "catalog-media.jsonl")):
        names = {json.loads(line)["name"] for line in open(here / catalog)}
        splits = build(prefix, rows, names)
        for split, records in splits.items():
            with open(here / f"queries-{catalog[8:-6]}-{split}.jsonl", "w") as f:
                for r in records:
                    f.write(json.dumps(r, ensure_ascii=False) + "\n")
